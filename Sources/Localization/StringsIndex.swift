/// A `.strings` text with its entries located in one pass; a value is decoded when its key is looked up.
///
/// Built-in tables are read this way: a start shows a few dozen of a table's 400 strings, and decoding every
/// value at load was most of the time spent reading a table.
struct StringsIndex: Sendable {
    private let text: [UInt8]
    private let path: String
    /// Where each key's value starts in `text`.
    private let valueOffsets: [String: Int]

    /// Locates the entries of `text` (UTF-8), checking all of it as a full parse does; `path` names the file in
    /// errors.
    init(utf8 text: [UInt8], path: String) throws(StringsParseError) {
        var reader = StringsReader(utf8: text, path: path)
        valueOffsets = try reader.readValueOffsets()
        self.text = text
        self.path = path
    }

    /// The value of `key`, if the text has it.
    func value(forKey key: String) -> String? { valueOffsets[key].flatMap(value(at:)) }

    /// Every entry, decoded.
    var entries: [String: String] { valueOffsets.compactMapValues(value(at:)) }

    private func value(at offset: Int) -> String? {
        var reader = StringsReader(utf8: text, path: path, offset: offset)
        // The token was read without error when the text was indexed.
        return try? reader.readValue()
    }
}
