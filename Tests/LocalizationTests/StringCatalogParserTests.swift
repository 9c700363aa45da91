import Foundation
import StringsFormat
import Testing
@testable import Localization

@Suite("StringCatalogParser: String Catalogs (.xcstrings)")
struct StringCatalogParserTests {
    private func parse(_ json: String) throws -> StringCatalogParser.Catalog {
        try StringCatalogParser.parse(Data(json.utf8), path: "app.xcstrings")
    }

    /// The error `json` produces, as `line:column: message`.
    private func failure(_ json: String) -> String? {
        do {
            _ = try StringCatalogParser.parse(Data(json.utf8), path: "app.xcstrings")
            return nil
        } catch {
            return "\(error.line):\(error.column): \(error.message)"
        }
    }

    @Test func readsSourceLanguageAndStringUnitsPerLanguage() throws {
        let catalog = try parse("""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Cancel" : {
                  "comment" : "A button",
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Abbrechen" } },
                    "zh-Hant" : { "stringUnit" : { "state" : "needs_review", "value" : "取消" } },
                    "ja" : { "stringUnit" : { "state" : "new", "value" : "" } }
                  }
                },
                "Email" : { },
                "Quote \\"\\u00e9\\ud83d\\ude00\\"\\n" : {
                  "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "a\\/b\\t" } } }
                }
              },
              "version" : "1.0"
            }
            """)
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.values == [
            "de": ["Cancel": "Abbrechen", "Quote \"é😀\"\n": "a/b\t"],
            "zh-Hant": ["Cancel": "取消"],
        ])
        #expect(catalog.plurals.isEmpty)
    }

    @Test func readsPluralVariationsAndUsesOtherAsThePlainValue() throws {
        let catalog = try parse("""
            {"sourceLanguage": "en", "strings": {"TerminalTooSmallDetail": {"localizations": {
              "ru": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%1$d колонка"}},
                "few": {"stringUnit": {"state": "translated", "value": "%1$d колонки"}},
                "many": {"stringUnit": {"state": "translated", "value": "%1$d колонок"}},
                "other": {"stringUnit": {"state": "translated", "value": "%1$d колонки."}}}}},
              "ar": {"variations": {"plural": {
                "zero": {"stringUnit": {"state": "translated", "value": "لا أعمدة"}},
                "two": {"stringUnit": {"state": "translated", "value": "عمودان"}}}}},
              "de": {"variations": {"device": {"mac": {"stringUnit": {"state": "translated", "value": "x"}}}}}
            }}}}
            """)
        #expect(catalog.plurals["ru"]?["TerminalTooSmallDetail"] == [
            .one: "%1$d колонка", .few: "%1$d колонки", .many: "%1$d колонок", .other: "%1$d колонки.",
        ])
        #expect(catalog.values["ru"]?["TerminalTooSmallDetail"] == "%1$d колонки.")
        #expect(catalog.plurals["ar"]?["TerminalTooSmallDetail"] == [.zero: "لا أعمدة", .two: "عمودان"])
        #expect(catalog.values["ar"] == nil, "no `other` form, so no plain value")
        #expect(catalog.values["de"] == nil && catalog.plurals["de"] == nil, "device variations are ignored")
    }

    @Test func fixtureCatalogParses() throws {
        let data = try Data(contentsOf: Fixtures.folder.appendingPathComponent("Bundle/Localizable.xcstrings"))
        let catalog = try StringCatalogParser.parse(data, path: "Localizable.xcstrings")
        #expect(catalog.values.keys.sorted() == ["de", "fr", "ru"])
        #expect(catalog.plurals["ru"]?["TerminalTooSmallDetail"]?.count == 4)
    }

    @Test(arguments: [
        ("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {,}\n}", "3:15: expected a member name in quotes"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {}", "1:39: expected ',' or '}' after an object member"),
        ("{\"sourceLanguage\": \"en\"\n \"strings\": {}}", "2:2: expected ',' or '}' after an object member"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {}} x", "1:41: unexpected text after the JSON value"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": [1, 2,]}}", "1:49: expected a JSON value, found ']'"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\" 1}}", "1:42: expected ':' after the member name"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": tru}}", "1:43: expected a JSON value"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": -.5}}", "1:43: malformed number"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": \"\\x\"}}", "1:44: invalid escape sequence '\\x'"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": \"\\ud800\"}}",
         "1:44: unpaired UTF-16 surrogate in '\\u' escape"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": \"tab\there\"}}",
         "1:47: control character in a string; write it as an escape such as \\n"),
        ("{\"sourceLanguage\": \"en\",\n \"strings\": {\"a\": \"never closed}}", "2:19: unterminated string"),
        ("", "1:1: expected a JSON value, found the end of the file"),
    ])
    func malformedJSONNamesLineAndColumn(json: String, expected: String) {
        #expect(failure(json) == expected)
    }

    @Test(arguments: [
        ("[]", "1:1: expected an object for the catalog, found an array"),
        ("{\"strings\": {}}", "1:1: missing \"sourceLanguage\""),
        ("{\"sourceLanguage\": 1, \"strings\": {}}", "1:20: expected a string for \"sourceLanguage\", found a number"),
        ("{\"sourceLanguage\": \"en\"}", "1:1: missing \"strings\""),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": \"b\"}}",
         "1:43: expected an object for key \"a\", found a string"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"stringUnit\": {}}}}}}",
         "1:83: \"stringUnit\" of \"a\" has no \"value\""),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"stringUnit\": "
            + "{\"value\": null}}}}}}", "1:93: expected a string for \"value\" of \"a\", found null"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"variations\": "
            + "{\"plural\": {\"several\": {}}}}}}}}",
         "1:106: unknown plural category \"several\"; expected zero, one, two, few, many, other"),
    ])
    func wrongShapesNameTheValue(json: String, expected: String) {
        #expect(failure(json) == expected)
    }

    @Test func errorDescriptionNamesTheFile() {
        #expect(throws: StringsParseError(path: "app.xcstrings", line: 1, column: 2,
                                          message: "expected a member name in quotes")) {
            try StringCatalogParser.parse(Data("{1}".utf8), path: "app.xcstrings")
        }
    }

    @Test func absurdNestingIsAnErrorNotACrash() {
        let json = String(repeating: "[", count: 10_000)
        #expect(failure(json) == "1:257: JSON nested too deeply")
    }
}
