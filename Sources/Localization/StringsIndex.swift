import Glibc

/// A `.strings` text with its entries located in one pass; a value is decoded when its key is looked up.
///
/// Built-in tables are read this way: a start shows a few dozen of a table's 400 strings, and making a `String`
/// of every key and value and hashing them into a dictionary was most of the time spent reading a table. Keys
/// are found by their bytes in the text instead (FNV-1a hashing into an open-addressed table); the few written
/// with escapes, which no built-in table has, are decoded into a dictionary of their own.
struct StringsIndex: Sendable {
    private let reader: StringsReader
    /// Every entry's key and value, in the order of the text (a repeated key's earlier entries stay unreachable).
    private let tokens: [(key: StringsReader.Token, value: StringsReader.Token)]
    /// For each slot, 1 + the number of the entry whose literal key hashes there (after probing), or 0.
    private let slots: [Int32]
    /// Keys written with escapes, decoded, with their entry's number.
    private let escapedKeys: [String: Int]

    /// Locates the entries of `text` (UTF-8), checking all of it as a full parse does; `path` names the file in
    /// errors.
    init(utf8 text: [UInt8], path: String) throws(StringsParseError) {
        var reader = StringsReader(utf8: text, path: path)
        var tokens: [(key: StringsReader.Token, value: StringsReader.Token)] = []
        tokens.reserveCapacity(text.count / 60)  // an entry takes 60 bytes or more, as in `readEntries`
        try reader.readTokens { key, value in tokens.append((key, value)) }
        // The smallest power of two above twice the entries: probes stay short, and one slot is always empty.
        let slotCount = max(8, 1 << (Int.bitWidth - (2 * tokens.count).leadingZeroBitCount))
        var slots = [Int32](repeating: 0, count: slotCount)
        var escapedKeys: [String: Int] = [:]
        for (number, entry) in tokens.enumerated() {
            guard let literal = entry.key.literal else {
                escapedKeys[try reader.text(of: entry.key)] = number
                continue
            }
            text.withUnsafeBufferPointer { text in
                let key = UnsafeBufferPointer(rebasing: text[literal])
                // A repeated key takes over its slot: the last entry wins, as in a full parse.
                let slot = Self.slot(of: key, in: slots, tokens: tokens, reader: reader)
                slots[slot] = Int32(number + 1)
            }
        }
        self.reader = reader
        self.tokens = tokens
        self.slots = slots
        self.escapedKeys = escapedKeys
    }

    /// The value of `key`, if the text has it.
    func value(forKey key: String) -> String? {
        var key = key
        let literal = key.withUTF8 { bytes in
            let slot = slots[Self.slot(of: bytes, in: slots, tokens: tokens, reader: reader)]
            return slot == 0 ? nil : Int(slot) - 1
        }
        // A key written both ways takes its last entry's value, as in a full parse.
        let escaped = escapedKeys.isEmpty ? nil : escapedKeys[key]
        guard let number = [literal, escaped].compactMap({ $0 }).max() else { return nil }
        // The token was read without error when the text was indexed.
        return try? reader.text(of: tokens[number].value)
    }

    /// Every entry, decoded.
    var entries: [String: String] {
        let numbers = (slots.filter { $0 != 0 }.map { Int($0) - 1 } + escapedKeys.values).sorted()
        return Dictionary(numbers.compactMap { number in
            guard let key = try? reader.text(of: tokens[number].key),
                  let value = try? reader.text(of: tokens[number].value) else { return nil }
            return (key, value)
        }, uniquingKeysWith: { _, last in last })
    }

    /// The slot holding `key`, or the empty one where it would go.
    private static func slot(of key: UnsafeBufferPointer<UInt8>, in slots: [Int32],
                             tokens: [(key: StringsReader.Token, value: StringsReader.Token)],
                             reader: StringsReader) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0, !reader.token(tokens[Int(slots[slot]) - 1].key, hasText: key) {
            slot = (slot + 1) & mask
        }
        return slot
    }
}
