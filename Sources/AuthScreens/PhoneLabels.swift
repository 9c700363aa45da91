import AuthCore

/// How countries are written on the phone screens.
enum PhoneLabels {
    /// "🇯🇵 日本 (+81)": flag, name in the screen's language, dial code.
    static func title(of country: Country, language: String) -> String {
        "\(country.flag) \(country.localizedName(language: language)) (\(country.dialCode))"
    }
}
