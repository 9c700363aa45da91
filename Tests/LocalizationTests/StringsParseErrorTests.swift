import Foundation
import StringsFormat
import Testing
@testable import Localization

@Suite("StringsFileParser: malformed files")
struct StringsParseErrorTests {
    /// The error `text` produces, as `line:column: message`.
    private func failure(_ text: String) -> String? {
        failure(Data(text.utf8))
    }

    private func failure(_ data: Data) -> String? {
        do {
            _ = try StringsFileParser.parse(data, path: "x.strings")
            return nil
        } catch {
            return "\(error.line):\(error.column): \(error.message)"
        }
    }

    @Test func descriptionNamesPathLineAndColumn() {
        #expect(throws: StringsParseError(path: "de.strings", line: 1, column: 10,
                                          message: "expected ';' after the value")) {
            try StringsFileParser.parse(Data("\"a\" = \"b\"\n\"c\" = \"d\";".utf8), path: "de.strings")
        }
        let error = StringsParseError(path: "de.strings", line: 3, column: 7, message: "unterminated string")
        #expect(error.description == "de.strings:3:7: unterminated string")
    }

    @Test func unterminatedStringPointsAtItsOpeningQuote() {
        #expect(failure("\"ok\" = \"x\";\n  \"c\" = \"never closed;\n") == "2:9: unterminated string")
        #expect(failure("\"a\" = \"ends in backslash\\") == "1:7: unterminated string")
    }

    @Test func missingSemicolonPointsJustAfterTheValue() {
        #expect(failure("\"a\" = \"b\"\n\"c\" = \"d\";") == "1:10: expected ';' after the value")
        #expect(failure("\"a\" = b") == "1:8: expected ';' after the value")
    }

    @Test func missingEqualsPointsJustAfterTheKey() {
        #expect(failure("\n  \"a\" \"b\";") == "2:6: expected '=' after the key")
        #expect(failure("\"a\";") == "1:4: expected '=' after the key")
    }

    @Test func missingOrUnexpectedTokenPointsAtIt() {
        #expect(failure("\"a\" = ;") == "1:7: expected a value, found ';'")
        #expect(failure("\"a\" =") == "1:6: expected a value, found the end of the file")
        #expect(failure("\"a\" = \"b\";\n@") == "2:1: expected a key, found '@'")
        #expect(failure("\"a\" = \"b\";\n/ \"c\" = \"d\";") == "2:1: expected a key, found '/'")
    }

    @Test func columnsCountScalarsAfterNonASCIIText() {
        #expect(failure("\"ключ\" = \"значение\"\n\"c\" = \"d\";") == "1:20: expected ';' after the value")
        #expect(failure("\"日本\" = \"語\\é\";") == "1:10: invalid escape sequence '\\é'")
        #expect(failure("\"a\"\u{3000}=\u{00A0}\"b\"\u{2028};\n@") == "2:1: expected a key, found '@'")
    }

    @Test func badEscapesPointAtTheBackslash() {
        #expect(failure(#""a" = "x\q";"#) == "1:9: invalid escape sequence '\\q'")
        #expect(failure(#""a" = "\U12G4";"#) == "1:8: expected 4 hex digits after '\\U'")
        #expect(failure(#""a" = "\U12";"#) == "1:8: expected 4 hex digits after '\\U'")
        #expect(failure(#""a" = "\UD800x";"#) == "1:8: unpaired UTF-16 surrogate in '\\U' escape")
        #expect(failure(#""a" = "\UDC00";"#) == "1:8: unpaired UTF-16 surrogate in '\\U' escape")
        #expect(failure(#""a" = "\UD800\U0041";"#) == "1:8: unpaired UTF-16 surrogate in '\\U' escape")
    }

    @Test func unterminatedCommentPointsAtItsStart() {
        #expect(failure("\"a\" = \"b\";\n   /* never closed\n") == "2:4: unterminated comment")
        #expect(failure("\"a\" /* x = \"b\";") == "1:5: unterminated comment")
    }

    @Test func columnsCountScalarsAndLinesCountCRLFOnce() {
        #expect(failure("\"é😀\" = \"x\\q\";") == "1:10: invalid escape sequence '\\q'")
        #expect(failure("\"a\" = \"b\";\r\n\"c\" = \"d\"\r\n") == "2:10: expected ';' after the value")
        #expect(failure("\"a\" = \"b\";\r\"c\" = \"d\"") == "2:10: expected ';' after the value")
        #expect(failure("\"a\" = \"two\nlines\" \"c\";") == "2:7: expected ';' after the value")
    }

    @Test func invalidEncodingsAreReported() {
        #expect(failure(Data([0x22, 0x61, 0x22, 0x0A, 0x20, 0xFF])) == "2:2: text is not valid UTF-8")
        #expect(failure(Data([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xDC])) == "1:2: text is not valid UTF-16")
        #expect(failure(Data([0xFE, 0xFF, 0x00, 0x22, 0x00])) == "1:2: UTF-16 text ends in half a character")
    }
}
