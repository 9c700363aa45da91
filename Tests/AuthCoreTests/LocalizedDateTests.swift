import AuthCore
import Foundation
import Testing

/// Dates are written with the interface language's words and order, from Debian's ICU opened on first use.
@Suite struct LocalizedDateTests {
    /// Noon UTC on 30 November 2026: the same calendar day in every time zone from UTC-11 to UTC+11.
    private let noon = Date(timeIntervalSince1970: 1_796_040_000)

    @Test(arguments: [("en", "Nov 30, 2026"), ("de", "30. Nov. 2026"), ("ja", "2026年11月30日"),
                      ("fr", "30 nov. 2026"), ("zh-Hant", "2026年11月30日")])
    func theEnrolmentDateIsWrittenAsTheLanguageWritesIt(language: String, expected: String) {
        #expect(LocalizedDate.text(noon, skeleton: "yMMMd", language: language) == expected)
    }

    @Test func aDateAndTimeEndWithTheTimeZone() throws {
        let text = LocalizedDate.text(noon, skeleton: "yMMMdjmmssz", language: "en")
        #expect(try #/Nov 30, 2026, \d{1,2}:\d{2}:00\s[AP]M\s\S+/#.wholeMatch(in: text) != nil, "\(text)")
    }
}
