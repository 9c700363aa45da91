import Testing
@testable import Localization

/// Numbers in the language's own digits, from CLDR's default numbering system (issue 32 item 7): ar mixed
/// Arabic-Indic dates with ASCII counts, fa wrote ۶ in its table and printed ASCII numbers.
@Suite struct LocaleDigitsTests {
    @Test(arguments: [("ar", "٣"), ("fa", "۳"), ("bn", "৩"), ("mr", "३"), ("en", "3"), ("he", "3"), ("ur", "3")])
    func numberArgumentsUseTheLanguagesDigits(language: String, three: String) {
        let strings = Strings.builtIn(language: language)
        #expect(strings.format(.secondFactorsCount, 3).contains(three), "\(strings.format(.secondFactorsCount, 3))")
    }

    @Test func aCountdownIsWrittenInArabicIndicDigits() {
        #expect(Strings.builtIn(language: "ar").digits("13:58") == "١٣:٥٨")
        #expect(Strings.builtIn(language: "fa").digits("13:58") == "۱۳:۵۸")
    }

    /// Codes, phone numbers and addresses are text arguments: they stay ASCII.
    @Test func textArgumentsStayASCII() {
        let arabic = Strings.builtIn(language: "ar")
        #expect(arabic.format(.signedInAs, "+16505551234").contains("+16505551234"))
        #expect(arabic.format(.inboxCode, "123456").contains("123456"))
    }

    /// The tables' own numbers in the interface's prose agree with the arguments'.
    @Test(arguments: ["ar", "fa", "bn", "mr"])
    func tableProseUsesTheSameDigits(language: String) {
        let strings = Strings.builtIn(language: language)
        for key in [StringKey.verificationCodeValidation, .passwordLengthValidation, .webSignInTimedOut] {
            #expect(!strings[key].contains(where: { $0.isASCII && $0.isNumber }), "\(language): \(strings[key])")
        }
    }
}
