import AuthCore

/// How countries are written on the phone screens.
enum PhoneLabels {
    /// "日本 (JP +81)": name in the screen's language, ISO code and dial code. No flag emoji: terminals
    /// disagree on their width, and tmux draws only half of one.
    static func title(of country: Country, language: String) -> String {
        "\(country.localizedName(language: language)) (\(country.isoCode) \(country.dialCode))"
    }
}
