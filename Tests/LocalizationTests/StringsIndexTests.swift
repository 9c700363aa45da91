import BuiltinResources
import StringsFormat
import Testing

/// A built-in table is indexed when the binary is built rather than parsed (`StringsIndex`); it must read as the
/// full parse does.
@Suite("Strings index: the same entries as a full parse")
struct StringsIndexTests {
    private func parsed(_ text: String) throws -> [String: String] {
        var reader = StringsReader(utf8: Array(text.utf8), path: "t.strings")
        var repeated: [StringsParseError] = []
        return try reader.readEntries(repeated: &repeated)
    }

    private func indexed(_ text: String) throws -> StringsIndex {
        try StringsIndex(utf8: Array(text.utf8), path: "t.strings")
    }

    @Test func everyKeyHasTheValueAFullParseGives() throws {
        let text = """
            /* comment */ "Plain" = "text";
            unquoted.key-1 = "bare key";
            "Escaped value" = "line\\nbreak \\"quoted\\" \\U00E9";
            "Repeated" = "first";
            // a line comment
            "Repeated" = "last";
            "Esc\\u0061ped key" = "decoded key";
            "Both" = "literal first";
            "B\\u006Fth" = "escaped last";
            "" = "empty key";
            "Ünïcödé" = "ключ";
            """
        let expected = try parsed(text)
        let index = try indexed(text)
        #expect(index.entries == expected)
        for (key, value) in expected { #expect(index.value(forKey: key) == value, "\(key)") }
        #expect(index.value(forKey: "Both") == "escaped last")
        #expect(index.value(forKey: "Escaped key") == "decoded key")
        #expect(index.value(forKey: "Repeated") == "last")
        #expect(index.value(forKey: "Missing") == nil)
        #expect(index.value(forKey: "Plai") == nil)
    }

    @Test func aKeyWrittenWithEscapesFirstLosesToALaterLiteralOne() throws {
        let text = "\"B\\u006Fth\" = \"escaped first\";\n\"Both\" = \"literal last\";\n"
        #expect(try indexed(text).value(forKey: "Both") == "literal last")
        #expect(try parsed(text)["Both"] == "literal last")
    }

    @Test(arguments: ["\"a\" = \"b\"", "\"a\" \"b\";", "\"a = \"b\";", "\"a\" = \"\\q\";", "= \"b\";"])
    func malformedTextFailsWithTheFullParsesMessage(text: String) throws {
        var message: String?
        do { _ = try parsed(text) } catch { message = "\(error)" }
        #expect(message != nil)
        do {
            _ = try indexed(text)
            Issue.record("indexed without error: \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test(arguments: BuiltinResources.languages)
    func everyBuiltInTableIndexesAsItParses(language: String) throws {
        let file = try #require(BuiltinResources.stringsTable(language: language))
        var reader = StringsReader(utf8: file.text, path: language)
        var repeated: [StringsParseError] = []
        let expected = try reader.readEntries(repeated: &repeated)
        #expect(repeated.isEmpty, "\(repeated)")
        let index = StringsIndex(utf8: file.text, path: language, layout: file.index)
        #expect(index.entries == expected)
        #expect(expected.allSatisfy { index.value(forKey: $0.key) == $0.value })
        // The index written into the binary is the one the text gives now.
        #expect(file.index == (try StringsIndex(utf8: file.text, path: language)).layout)
    }
}
