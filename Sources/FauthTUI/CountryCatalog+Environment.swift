import AuthCore

extension CountryCatalog {
    /// The phone screens' first country: configured, else the region of the POSIX locale (`ja_JP.UTF-8` → Japan),
    /// else FirebaseUI's US.
    static func defaultCountry(_ configuration: AuthConfiguration, environment: [String: String]) -> Country {
        if let code = configuration.defaultCountryCode, let country = country(isoCode: code) {
            return country
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let region = locale.split(separator: ".").first?.split(separator: "_").dropFirst().first.map(String.init)
        return defaultCountry(regionCode: region)
    }
}
