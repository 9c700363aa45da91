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

@Suite("PluralRules: the languages of issue 17")
struct MorePluralRulesTests {
    typealias Row = (language: String, counts: [Int], category: PluralCategory)

    @Test(arguments: [
        ("bg", [1], .one), ("bg", [0, 2], .other), ("ca", [1], .one), ("da", [1], .one), ("da", [0, 2], .other),
        ("el", [1], .one), ("fi", [1], .one), ("gsw", [1], .one), ("hu", [1], .one), ("mr", [1], .one),
        ("nb", [1], .one), ("nn", [1], .one), ("ta", [1], .one), ("ur", [1], .one), ("ur", [0, 2], .other),
        ("de-AT", [1], .one), ("de-CH", [2], .other), ("en-GB", [1], .one), ("fr-CH", [0, 1], .one),
        ("bn", [0, 1], .one), ("bn", [2], .other), ("fa", [0, 1], .one), ("fa", [2, 10], .other),
        ("gu", [0, 1], .one), ("kn", [0, 1], .one), ("ln", [0, 1], .one), ("ln", [2], .other),
        ("cs", [1], .one), ("cs", [2, 3, 4], .few), ("cs", [0, 5, 11, 22, 101], .other),
        ("sk", [1], .one), ("sk", [4], .few), ("sk", [5, 21], .other),
        ("hr", [1, 21, 101], .one), ("hr", [2, 4, 22, 104], .few), ("hr", [0, 5, 11, 12, 14, 20, 111], .other),
        ("sr", [1, 31], .one), ("sr", [3, 23], .few), ("sr", [11, 13, 25], .other),
        ("sr-Latn", [21], .one), ("sr-Latn", [2], .few), ("sr-Latn", [12], .other),
        ("he", [1], .one), ("he", [2], .two), ("he", [0, 3, 10, 20, 100], .other),
        ("lv", [0, 10, 11, 19, 20, 30, 111, 112], .zero), ("lv", [1, 21, 31, 101], .one),
        ("lv", [2, 9, 22, 102], .other),
        ("ro", [1], .one), ("ro", [0, 2, 19, 101, 119], .few), ("ro", [20, 21, 100, 120], .other),
        ("sl", [1, 101, 201], .one), ("sl", [2, 102], .two), ("sl", [3, 4, 103, 204], .few),
        ("sl", [0, 5, 11, 100], .other),
        ("fil", [0, 1, 2, 3, 5, 7, 8, 10, 11, 21], .one), ("fil", [4, 6, 9, 14, 16, 19, 24], .other),
        ("ms", [0, 1, 2], .other),
    ] as [Row])
    func categoryOfEachCount(row: Row) {
        for count in row.counts {
            #expect(PluralRules.category(of: count, language: row.language) == row.category,
                    "\(row.language) \(count)")
        }
    }
}
