import FoundationEssentials
import StringsFormat

/// Turns the bytes of a `.strings` file into text: UTF-8 (with or without a BOM), or UTF-16 little- or
/// big-endian with a BOM, as Xcode and `plutil` write them.
enum StringsTextDecoder {
    /// The file's text as checked UTF-8, without the byte order mark (UTF-16 files are transcoded).
    static func utf8(of data: Data, path: String) throws(StringsParseError) -> [UInt8] {
        let bytes = [UInt8](data)
        try refuseUTF16WithoutMark(bytes, path: path)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            var text: [UInt8] = []
            for scalar in try scalars(of: data, path: path) { UTF8.encode(scalar) { text.append($0) } }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        // The common case is checked in one pass; only text that is not UTF-8 is decoded scalar by scalar,
        // which says where it stops being UTF-8.
        if String(validating: body, as: UTF8.self) == nil { _ = try scalars(of: data, path: path) }
        return body
    }

    /// The file's text as scalars, without the byte order mark.
    static func scalars(of data: Data, path: String) throws(StringsParseError) -> [Unicode.Scalar] {
        let bytes = [UInt8](data)
        try refuseUTF16WithoutMark(bytes, path: path)
        if bytes.starts(with: [0xFF, 0xFE]) {
            return try decodeUTF16(bytes.dropFirst(2), bigEndian: false, path: path)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return try decodeUTF16(bytes.dropFirst(2), bigEndian: true, path: path)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        var iterator = body.makeIterator()
        return try decode(&iterator, codec: UTF8(), encodingName: "UTF-8", path: path)
    }

    /// Names the encoding of UTF-16 text without a byte order mark, which would otherwise read as UTF-8 with a NUL
    /// after (or before) every ASCII character: its first character is ASCII, with a zero byte beside it.
    private static func refuseUTF16WithoutMark(_ bytes: [UInt8], path: String) throws(StringsParseError) {
        guard bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0) else { return }
        let order = bytes[1] == 0 ? "little" : "big"
        throw StringsParseError(path: path, line: 1, column: 1, message: "text is UTF-16 (\(order)-endian) without a "
            + "byte order mark; save it as UTF-8, or as UTF-16 with a byte order mark")
    }

    private static func decodeUTF16(
        _ bytes: ArraySlice<UInt8>, bigEndian: Bool, path: String
    ) throws(StringsParseError) -> [Unicode.Scalar] {
        let start = bytes.startIndex
        var units = (0..<bytes.count / 2).lazy.map { pair -> UInt16 in
            let first = UInt16(bytes[start + 2 * pair])
            let second = UInt16(bytes[start + 2 * pair + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }.makeIterator()
        let scalars = try decode(&units, codec: UTF16(), encodingName: "UTF-16", path: path)
        if bytes.count % 2 != 0 {
            throw StringsParseError(path: path, scalars: scalars, offset: scalars.count,
                                    message: "UTF-16 text ends in half a character")
        }
        return scalars
    }

    private static func decode<Codec: UnicodeCodec, Units: IteratorProtocol>(
        _ units: inout Units, codec: Codec, encodingName: String, path: String
    ) throws(StringsParseError) -> [Unicode.Scalar] where Units.Element == Codec.CodeUnit {
        var codec = codec
        var scalars: [Unicode.Scalar] = []
        while true {
            switch codec.decode(&units) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
            case .emptyInput:
                return scalars
            case .error:
                throw StringsParseError(path: path, scalars: scalars, offset: scalars.count,
                                        message: "text is not valid \(encodingName)")
            }
        }
    }
}
