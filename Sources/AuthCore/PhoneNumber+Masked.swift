extension PhoneNumber {
    /// The mask screens draw for a hidden digit.
    public static let hiddenDigit: Character = "•"

    /// `number` with every digit but its last four replaced by `mask` (`+•••••••1234`); digits another mask already
    /// hid (production's `*`, or `•`) count as digits and are drawn with `mask` too, so every number reads alike.
    public static func masked(_ number: String, with mask: Character = hiddenDigit) -> String {
        let isDigitPlace: (Character) -> Bool = { $0.isNumber || $0 == "*" || $0 == hiddenDigit }
        let places = number.filter(isDigitPlace).count
        var seen = 0
        return String(number.map { character in
            guard isDigitPlace(character) else { return character }
            seen += 1
            return seen <= places - 4 ? mask : character
        })
    }
}
