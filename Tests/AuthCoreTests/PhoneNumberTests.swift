import Testing
@testable import AuthCore

@Suite struct PhoneNumberTests {
    @Test(arguments: [
        // National numbers, with and without the trunk prefix, with typical separators.
        ("JP", "090-1234-5678", "+819012345678"),
        ("JP", "90 1234 5678", "+819012345678"),
        ("GB", "07911 123456", "+447911123456"),
        ("GB", "(020) 7946.0958", "+442079460958"),
        ("DE", "030/12345678", "+493012345678"),
        ("US", "(650) 555-1234", "+16505551234"),
        ("US", "1 650 555 1234", "+16505551234"),
        ("IN", "98765 43210", "+919876543210"),
        // Italian numbering keeps its leading 0.
        ("IT", "06 6982 1234", "+390669821234"),
        ("IT", "347 123 4567", "+393471234567"),
        ("VA", "06 6988 1234", "+390669881234"),
        // A country code typed by the person wins over the selected country.
        ("US", "+44 20 7946 0958", "+442079460958"),
        ("US", "0044 20 7946 0958", "+442079460958"),
        ("JP", "+44 (0)20 7946 0958", "+442079460958"),
        ("FR", "01 23 45 67 89", "+33123456789"),
        ("JP", "00 33 1 23 45 67 89", "+33123456789"),
        ("JP", "  +81 90-1234-5678 ", "+819012345678"),
        // Junk, and numbers too short or too long.
        ("US", "call me", nil),
        ("US", "555-CALL", nil),
        ("US", "+1 650 555 1234 ext 5", nil),
        ("US", "", nil),
        ("US", "+", nil),
        ("US", "00", nil),
        ("US", "+0 650 555 1234", nil),
        ("US", "12 34", nil),
        ("NU", "+683 123", nil),
        ("GB", "+44 1234 5678 9012 34", nil),
        ("DE", "0123456789012345", nil),
    ] as [(String, String, String?)])
    func normalizesWhatAPersonTypes(isoCode: String, typed: String, expected: String?) throws {
        let country = try #require(CountryCatalog.country(isoCode: isoCode))
        #expect(PhoneNumber.normalize(typed, country: country) == expected)
    }

    @Test func producesOnlyE164() throws {
        let japan = try #require(CountryCatalog.country(isoCode: "JP"))
        for typed in ["090-1234-5678", "+1 650 555 1234", "0033 1 23 45 67 89"] {
            let number = try #require(PhoneNumber.normalize(typed, country: japan))
            #expect(number.first == "+" && number.dropFirst().allSatisfy(\.isASCII) && number.dropFirst().allSatisfy(\.isNumber))
            #expect((8...15).contains(number.count - 1) && number.dropFirst().first != "0")
        }
    }

    /// Issue 31 item 3: one mask for every screen, whether the backend sent the whole number or production's mask.
    @Test func aPhoneNumberIsMaskedButItsLastFourDigitsWhoeverMaskedItFirst() {
        #expect(PhoneNumber.masked("+16505550123") == "+•••••••0123")
        #expect(PhoneNumber.masked("+*******0123") == "+•••••••0123")
        #expect(PhoneNumber.masked("+•••••••0123") == "+•••••••0123")
        #expect(PhoneNumber.masked("+16505550123", with: "*") == "+*******0123")
        #expect(PhoneNumber.masked("0123") == "0123")
    }
}
