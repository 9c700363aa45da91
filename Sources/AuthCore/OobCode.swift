import FoundationEssentials

/// Out-of-band codes as emailed by Firebase: alone, or inside an action link's `oobCode` parameter.
public enum OobCode {
    /// The code in `text`: the `oobCode` query parameter of a link (also inside a `link=` wrapper), or the trimmed text.
    public static func extract(from text: String) -> String {
        let trimmed = text.trimmingWhitespaceAndNewlines()
        guard let components = URLComponents(string: trimmed), let items = components.queryItems else { return trimmed }
        if let code = items.first(where: { $0.name == "oobCode" })?.value { return code }
        if let inner = items.first(where: { $0.name == "link" })?.value { return extract(from: inner) }
        return trimmed
    }

    /// Whether `text` is an emailed action link (a web address carrying an `oobCode`, directly or in `link=`).
    public static func isActionLink(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespaceAndNewlines()
        guard let components = URLComponents(string: trimmed), ["http", "https"].contains(components.scheme?.lowercased()),
              components.host?.isEmpty == false else { return false }
        return extract(from: trimmed) != trimmed
    }
}
