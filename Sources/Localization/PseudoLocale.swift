/// The pseudo-locale `en-XA`, made from English to find text that is cut off, hard-coded or assembled badly.
///
/// Each value becomes `⟦Šîĝñ îñ ŵîţĥ Ƒîŕéƀåšé·····⟧`: letters accented, padded to about 40 % more characters,
/// bracketed so a truncated end shows. Format specifiers (`%@`, `%1$d`, `%%`…) and line breaks are kept as
/// they are, so the text still formats and wraps like the English.
public enum PseudoLocale {
    /// The language code of the pseudo-locale.
    public static let language = "en-XA"

    /// How much longer than the English a pseudo-localized value is, at least.
    static let expansion = 0.4

    /// The pseudo-localized form of `english`.
    public static func transform(_ english: String) -> String {
        var body = ""
        var scalars = english.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "%" {
                body.unicodeScalars.append(scalar)
                body.unicodeScalars.append(contentsOf: specifierTail(&scalars))
            } else {
                body.unicodeScalars.append(accents[scalar] ?? scalar)
            }
        }
        let target = Int((Double(english.count) * (1 + expansion)).rounded(.up))
        let padding = max(0, target - english.count - 2)
        return "⟦" + body + String(repeating: "·", count: padding) + "⟧"
    }

    /// The rest of a printf-style specifier after its `%`: flags, width, position, length modifiers and the
    /// conversion letter; `%%` yields the second `%`.
    private static func specifierTail(_ scalars: inout Substring.UnicodeScalarView) -> [Unicode.Scalar] {
        var tail: [Unicode.Scalar] = []
        while let next = scalars.first, "0123456789$.-+ #'lhqzjtL".unicodeScalars.contains(next) {
            tail.append(next)
            scalars.removeFirst()
        }
        if let conversion = scalars.popFirst() { tail.append(conversion) }
        return tail
    }

    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = "åƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
    }()
}
