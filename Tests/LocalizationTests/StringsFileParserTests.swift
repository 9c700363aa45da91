import Foundation
import Testing
@testable import Localization

@Suite("StringsFileParser: reading entries")
struct StringsFileParserTests {
    private func parse(_ text: String) throws -> [String: String] {
        try StringsFileParser.parse(Data(text.utf8), path: "test.strings")
    }

    @Test func readsQuotedEntriesAcrossLines() throws {
        let table = try parse("\"a\" = \"b\";\n\n  \"Sign in\"\t=\t\"Anmelden\" ;\n")
        #expect(table == ["a": "b", "Sign in": "Anmelden"])
    }

    @Test func emptyFileAndCommentOnlyFileHaveNoEntries() throws {
        #expect(try parse("").isEmpty)
        #expect(try parse("  /* nothing */\n// here\n").isEmpty)
    }

    @Test func decodesEveryEscape() throws {
        let source = #""k" = "q\" b\\ s\' n\n t\t r\r z\0 o\101\60 u\U00e9 l\u00C9 p\UD83D\uDE00";"#
        let table = try parse(source)
        #expect(table["k"] == "q\" b\\ s' n\n t\t r\r z\u{0} oA0 u\u{E9} l\u{C9} p\u{1F600}")
    }

    @Test func octalEscapeStopsAfterThreeDigitsOrAtTheByteLimit() throws {
        #expect(try parse(#""k" = "\1010\477";"#)["k"] == "A0'7")
    }

    @Test func acceptsCommentsBetweenAnyTokens() throws {
        let source = """
            /* header with "quotes" and * stars */
            "a" /* after key */ = // line comment before the value
            /* before value */ "b" /* before semicolon */ ; // trailing
            /* multi
               line */ "url" = "http://example.com/*not a comment*/";
            """
        #expect(try parse(source) == ["a": "b", "url": "http://example.com/*not a comment*/"])
    }

    @Test func acceptsUnquotedKeysAndValues() throws {
        let table = try parse("key.name-1 = value_2;\n\"quoted\" = bare.Value;\nbare = \"quoted value\";")
        #expect(table == ["key.name-1": "value_2", "quoted": "bare.Value", "bare": "quoted value"])
    }

    @Test func lastDuplicateWins() throws {
        #expect(try parse("\"a\" = \"first\";\n\"a\" = \"second\";") == ["a": "second"])
    }

    @Test func keepsNewlinesInsideValuesAndAcceptsCRLF() throws {
        let table = try parse("\"a\" = \"line 1\nline 2\";\r\n\"b\" = \"c\";\r\n")
        #expect(table == ["a": "line 1\nline 2", "b": "c"])
    }

    @Test func readsUTF8WithByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF] + Array("\"Schließen\" = \"閉じる 😀\";".utf8))
        #expect(try StringsFileParser.parse(data, path: "bom.strings") == ["Schließen": "閉じる 😀"])
    }

    @Test(arguments: [false, true])
    func readsUTF16WithByteOrderMark(bigEndian: Bool) throws {
        let text = "/* ü */ \"Schließen\" = \"閉じる 😀\";\n"
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        let table = try StringsFileParser.parse(Data(bytes), path: "utf16.strings")
        #expect(table == ["Schließen": "閉じる 😀"])
    }
}
