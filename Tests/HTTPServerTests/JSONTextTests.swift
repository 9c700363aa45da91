import Foundation
import JSON
import Testing
import TestSupport

/// The JSON module's value, not TestSupport's namesake.
typealias JSONValue = JSON.JSONValue

/// `JSONValue.data` writes its own text; it must stay what `JSONEncoder` writes (sorted keys), which the emulator's
/// answers and the configuration files were written with before.
@Suite("JSON text")
struct JSONTextTests {
    /// Every option combination `data` offers, as `JSONEncoder` formatting.
    static let options: [(pretty: Bool, slashes: Bool)] = [(false, true), (false, false), (true, true), (true, false)]

    static func encoderText(_ value: JSONValue, pretty: Bool, slashes: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        if !slashes { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func text(_ value: JSONValue, pretty: Bool, slashes: Bool) -> String {
        String(decoding: value.data(prettyPrinted: pretty, escapingSlashes: slashes), as: UTF8.self)
    }

    static let controlCharacters = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })

    /// Values where writers tend to differ: escapes, non-ASCII text, number forms, empty and nested containers,
    /// and keys whose UTF-8 and UTF-16 orders differ (U+FF61 sorts before U+1F600 in UTF-16, after in UTF-8).
    static let samples: [JSONValue] = [
        .null, .bool(true), .bool(false), .string(""), .string(controlCharacters),
        .string("a/b\\c\"d\u{7F}\u{80}é€😀\u{2028}\u{2029}\u{FEFF}"),
        .array([3, 0.1, 1e300, -0.0, 1.5e-7, 9007199254740993, 1e15, 1e16, 123456.789, 1e-5, -2.5,
                Double(Int64.max), 0.1 + 0.2, 5e-324, Double.greatestFiniteMagnitude].map { .number($0) }),
        .array([]), .object([:]), .array([.array([]), .object([:]), .null]),
        .object(["b": .number(1), "a": .number(2), "B": .number(3), "é": .number(4), "aa": .number(5), "": .null,
                 "\u{FF61}": .bool(true), "😀": .bool(false), "a/b": .string("https://example.com/x")]),
        .object(["firebase": .object(["identities": .object(["email": .array([.string("ada@example.com")])]),
                                      "sign_in_provider": .string("password")]),
                 "iat": .number(1_764_633_600), "list": .array([.object(["x": .array([.number(1), .null])])])]),
    ]

    @Test("known values are written as JSONEncoder writes them, with every option")
    func samplesMatchEncoder() throws {
        for value in Self.samples {
            for (pretty, slashes) in Self.options {
                let expected = try Self.encoderText(value, pretty: pretty, slashes: slashes)
                #expect(Self.text(value, pretty: pretty, slashes: slashes) == expected)
            }
        }
    }

    @Test("random trees are written as JSONEncoder writes them")
    func randomTreesMatchEncoder() throws {
        var generator = SeededGenerator(seed: 20261201)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            for (pretty, slashes) in Self.options {
                let expected = try Self.encoderText(value, pretty: pretty, slashes: slashes)
                #expect(Self.text(value, pretty: pretty, slashes: slashes) == expected)
            }
        }
    }

    @Test("the text reads back as the same value")
    func roundTrip() throws {
        for value in Self.samples {
            #expect(try JSONValue(data: value.data()) == value)
        }
    }

    static let alphabet: [Character] = Array("aZ09 /\\\"\n\t\u{1}é€😀\u{FF61}")

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch generator.next() % (depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .number(Double(Int64(bitPattern: generator.next()) % 1_000_000) / 8)
        case 3: return .number(Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF))
        case 4: return .string(randomString(using: &generator))
        case 5:
            return .array((0..<generator.next() % 4).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<generator.next() % 5 {
                members[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    static func randomString(using generator: inout SeededGenerator) -> String {
        String((0..<generator.next() % 6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }
}
