import AuthCore
import TerminalUI

/// How countries are written on the phone screens.
enum PhoneLabels {
    /// "日本 (JP +81)": name in the screen's language, ISO code and dial code. No flag emoji: terminals
    /// disagree on their width, and tmux draws only half of one.
    static func title(of country: Country, language: String) -> String {
        "\(country.localizedName(language: language)) \(codes(of: country))"
    }

    /// A row of the country list: the name, and "(JP +81)" kept whole when the list is narrow.
    static func listItem(of country: Country, language: String) -> ListItem {
        ListItem(title: country.localizedName(language: language), trailing: codes(of: country))
    }

    /// "(JP +81)": what tells two countries' rows apart.
    private static func codes(of country: Country) -> String { "(\(country.isoCode) \(country.dialCode))" }
}
