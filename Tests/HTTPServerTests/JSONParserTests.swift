import Foundation
@testable import JSON
import Testing

/// `JSONValue(data:)` reads RFC 8259 text in work linear in its length, whatever the nesting.
@Suite("JSON parser")
struct JSONParserTests {
    /// Parses `text`; the value or the error, and how many byte examinations it took.
    private static func parse(_ text: String) -> (result: Result<JSON.JSONValue, JSONParseError>, work: Int) {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = JSONParser(UnsafeBufferPointer(buffer))
            let result = Result { () throws(JSONParseError) in try parser.parseDocument() }
            return (result, parser.bytesExamined)
        }
    }

    /// About `size` bytes of arrays nested `depth` deep, side by side in one array (one more level).
    private static func chains(depth: Int, size: Int) -> String {
        let chain = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        return "[" + Array(repeating: chain, count: max(1, size / (chain.utf8.count + 1))).joined(separator: ",") + "]"
    }

    /// About `size` bytes of objects nested `depth` deep, each member spaced as people write it.
    private static func objectChains(depth: Int, size: Int) -> String {
        let chain = String(repeating: "{ \"a\\u00e9\" : ", count: depth) + "\"x\\n\""
            + String(repeating: " }", count: depth)
        return "[" + Array(repeating: chain, count: max(1, size / (chain.utf8.count + 2))).joined(separator: ", ") + "]"
    }

    @Test("each byte is examined at most eight times, nested 1, 10 or 99 deep alike", arguments: [1, 10, 99])
    func linearWork(depth: Int) throws {
        for text in [Self.chains(depth: depth, size: 64 * 1024), Self.objectChains(depth: depth, size: 64 * 1024)] {
            let (result, work) = Self.parse(text)
            _ = try result.get()
            #expect(work <= 8 * text.utf8.count, "depth \(depth): \(work) examinations of \(text.utf8.count) bytes")
        }
    }

    @Test("nesting deeper than 100 levels is refused where it starts, without reading what is inside")
    func depthLimit() throws {
        let deepest = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: Never.self) { try Self.parse(deepest).result.get() }
        let megabyte = String(repeating: "[", count: 1 << 20)
        let (result, work) = Self.parse(megabyte)
        #expect(throws: JSONParseError(reason: "Nesting deeper than 100 levels", offset: 100)) { try result.get() }
        #expect(work <= 8 * 101, "only the first 101 bytes are looked at")
        let objects = String(repeating: "{\"a\":", count: 101) + "1" + String(repeating: "}", count: 101)
        #expect(throws: JSONParseError(reason: "Nesting deeper than 100 levels", offset: 500)) {
            try Self.parse(objects).result.get()
        }
    }

    @Test("values read as RFC 8259 writes them")
    func values() throws {
        let text = #"""
            {"s": "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é", "n": [0, -0.5, 1e3, 2E-2, 12345678901234567890],
             "b": [true, false], "z": null, "e": {}, "a": [], "dup": 1, "dup": 2}
            """#
        let value = try Self.parse(text).result.get()
        #expect(value == .object([
            "s": .string("a\"\\/\u{08}\u{0C}\n\r\té😀é"),
            "n": .array([.number(0), .number(-0.5), .number(1000), .number(0.02), .number(12345678901234567890)]),
            "b": .array([.bool(true), .bool(false)]), "z": .null, "e": .object([:]), "a": .array([]),
            "dup": .number(2),
        ]))
        #expect(try Self.parse("\u{FEFF} 7 ").result.get() == .number(7))
    }

    @Test("malformed text is refused with what and where", arguments: [
        ("", "Unexpected end of the text", 0), ("{", "Unexpected end of the text", 1),
        ("[1,]", "Unexpected ']'", 3), ("{\"a\" 1}", "Unexpected '1'", 5), ("{a:1}", "Unexpected 'a'", 1),
        ("[01]", "Unexpected '1'", 2), ("[1.]", "Unexpected ']'", 3), ("-", "Unexpected end of the text", 1),
        ("+1", "Unexpected '+'", 0), ("tru", "Unexpected end of the text", 3),
        ("[1] x", "Unexpected text after the value", 4),
        ("1e400", "Number 1e400 is out of range", 0), ("\"\u{01}\"", "Control character in a string", 1),
        (#""\x""#, "Invalid escape in a string", 2), (#""\u12g4""#, #"Invalid \u escape in a string"#, 5),
        (#""\ud800""#, "Unpaired surrogate in a string", 7), (#""\udc00""#, "Unpaired surrogate in a string", 7),
        (#""\ud800\u0041""#, "Unpaired surrogate in a string", 13), ("\"abc", "Unterminated string", 4),
    ])
    func malformed(text: String, reason: String, offset: Int) {
        #expect(throws: JSONParseError(reason: reason, offset: offset)) { try Self.parse(text).result.get() }
    }

    @Test("a string that is not UTF-8 is refused")
    func invalidUTF8() {
        let bytes = Data([0x22, 0x61, 0xFF, 0x22])
        #expect(throws: JSONParseError(reason: "Invalid UTF-8 in a string", offset: 0)) {
            try JSON.JSONValue(data: bytes)
        }
    }
}
