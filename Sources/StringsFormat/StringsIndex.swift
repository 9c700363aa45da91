/// A `.strings` text with its entries located; a value is decoded when its key is looked up.
///
/// Built-in tables are read this way: a start shows a few dozen of a table's 400 strings, and reading every key
/// and value into a dictionary was most of the time a start spent on strings. The index is made when the binary
/// is built (`EmbedResources` writes its `layout` beside the text), so a start only looks keys up. A key is found
/// by the FNV-1a hash of its text in an open-addressed table of entry numbers.
package struct StringsIndex: Sendable {
    private let reader: StringsReader
    /// The index as numbers, in the order `EmbedResources` writes them into the binary:
    /// the slot count (a power of two), then each slot (1 + the number of the entry whose key hashes there, after
    /// probing, or 0), then for each entry of the text, in order, its key's and its value's token
    /// (`TokenFields.count` numbers each).
    package let layout: ArraySlice<UInt32>

    /// Locates the entries of `text` (UTF-8), checking all of it as a full parse does; `path` names the file in
    /// errors. A repeated key keeps its last entry, as in a full parse.
    package init(utf8 text: [UInt8], path: String) throws(StringsParseError) {
        var reader = StringsReader(utf8: text, path: path)
        var tokens: [(key: StringsReader.Token, value: StringsReader.Token)] = []
        tokens.reserveCapacity(text.count / 60)  // an entry takes 60 bytes or more, as in `readEntries`
        try reader.readTokens { key, value in tokens.append((key, value)) }
        // The smallest power of two above twice the entries: probes stay short, and one slot is always empty.
        let slotCount = max(8, 1 << (Int.bitWidth - (2 * tokens.count).leadingZeroBitCount))
        var layout = [UInt32(slotCount)] + [UInt32](repeating: 0, count: slotCount)
        for (key, value) in tokens { layout += TokenFields.of(key) + TokenFields.of(value) }
        for (number, entry) in tokens.enumerated() {
            let key = Array(try reader.text(of: entry.key).utf8)
            let slot = key.withUnsafeBufferPointer { Self.slot(of: $0, in: Numbers(layout[...]), reader: reader) }
            layout[1 + slot] = UInt32(number + 1)
        }
        self.init(utf8: text, path: path, layout: layout[...])
    }

    /// The index of `text` laid out by `init(utf8:path:)` (the same text: nothing is checked).
    package init(utf8 text: [UInt8], path: String, layout: ArraySlice<UInt32>) {
        reader = StringsReader(utf8: text, path: path)
        self.layout = layout
    }

    /// The value of `key`, if the text has it.
    package func value(forKey key: String) -> String? {
        let numbers = Numbers(layout)
        var key = key
        let found = key.withUTF8 { numbers[1 + Self.slot(of: $0, in: numbers, reader: reader)] }
        guard found != 0 else { return nil }
        // The token was read without error when the text was indexed.
        return try? reader.text(of: numbers.token(.value, ofEntry: found - 1))
    }

    /// Every entry, decoded.
    package var entries: [String: String] {
        let numbers = Numbers(layout)
        return Dictionary(uniqueKeysWithValues: (1...numbers[0]).compactMap { slot in
            let found = numbers[slot]
            guard found != 0,
                  let key = try? reader.text(of: numbers.token(.key, ofEntry: found - 1)),
                  let value = try? reader.text(of: numbers.token(.value, ofEntry: found - 1)) else { return nil }
            return (key, value)
        })
    }

    /// The slot holding `key`, or the empty one where it would go.
    private static func slot(of key: UnsafeBufferPointer<UInt8>, in numbers: Numbers, reader: StringsReader) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = numbers[0] - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while numbers[1 + slot] != 0, !reader.token(numbers.token(.key, ofEntry: numbers[1 + slot] - 1), hasText: key) {
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// The numbers of a layout counted from 0, wherever its slice starts.
    private struct Numbers {
        let layout: ArraySlice<UInt32>

        init(_ layout: ArraySlice<UInt32>) {
            self.layout = layout
        }

        subscript(index: Int) -> Int { Int(layout[layout.startIndex + index]) }

        /// Which of an entry's two tokens.
        enum Part: Int {
            case key = 0
            case value = 1
        }

        func token(_ part: Part, ofEntry number: Int) -> StringsReader.Token {
            let start = 1 + self[0] + (2 * number + part.rawValue) * TokenFields.count
            return TokenFields.token(offset: self[start], start: self[start + 1], end: self[start + 2])
        }
    }

    /// A token as numbers: its offset, then its literal's bounds (`noLiteral` twice when it has escapes).
    private enum TokenFields {
        static let count = 3
        static let noLiteral = UInt32.max

        static func of(_ token: StringsReader.Token) -> [UInt32] {
            guard let literal = token.literal else { return [UInt32(token.offset), noLiteral, noLiteral] }
            return [UInt32(token.offset), UInt32(literal.lowerBound), UInt32(literal.upperBound)]
        }

        static func token(offset: Int, start: Int, end: Int) -> StringsReader.Token {
            StringsReader.Token(offset: offset, literal: start == Int(noLiteral) ? nil : start..<end)
        }
    }
}
