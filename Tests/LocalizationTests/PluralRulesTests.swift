import Testing
@testable import Localization

@Suite("PluralRules: CLDR categories for whole numbers")
struct PluralRulesTests {
    typealias Row = (language: String, counts: [Int], category: PluralCategory)

    @Test(arguments: [
        ("en", [1, -1], .one), ("en", [0, 2, 11, 21, 101], .other),
        ("de", [1], .one), ("nl", [0, 2], .other), ("sv", [1], .one), ("es", [1], .one), ("it", [2], .other),
        ("tr", [1], .one), ("tr", [0, 2], .other),
        ("fr", [0, 1], .one), ("fr", [2, 100], .other),
        ("pt-BR", [0, 1], .one), ("pt", [2], .other), ("pt-PT", [1], .one), ("pt_PT", [0, 2], .other),
        ("hi", [0, 1], .one), ("hi", [2, 10], .other),
        ("ru", [1, 21, 101, 1001], .one), ("ru", [2, 3, 4, 22, 34, 102], .few),
        ("ru", [0, 5, 9, 10, 11, 12, 14, 19, 20, 25, 111, 112], .many),
        ("uk", [1, 31], .one), ("uk", [2, 44], .few), ("uk", [11, 15, 100], .many),
        ("pl", [1], .one), ("pl", [2, 4, 22, 24], .few), ("pl", [0, 5, 11, 12, 14, 21, 25, 101], .many),
        ("ar", [0], .zero), ("ar", [1], .one), ("ar", [2], .two), ("ar", [3, 10, 103, 110], .few),
        ("ar", [11, 99, 111], .many), ("ar", [100, 101, 102, 200], .other),
        ("ja", [0, 1, 2], .other), ("ko", [1], .other), ("zh-Hant", [1], .other), ("zh-Hans", [1], .other),
        ("th", [1], .other), ("vi", [1], .other), ("id", [1], .other), ("tlh", [1], .other),
        ("en-XA", [1], .one),
    ] as [Row])
    func categoryOfEachCount(row: Row) {
        for count in row.counts {
            #expect(PluralRules.category(of: count, language: row.language) == row.category,
                    "\(row.language) \(count)")
        }
    }
}
