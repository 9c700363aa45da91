/// Addresses in running text marked as left-to-right units: a URL, an email address, a path or a code is enclosed in
/// LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE, so a right-to-left line reorders it as one piece and the
/// line breaker keeps it whole (issue 32 item 3: "?https://…/action", "//:https").
enum AddressIsolation {
    /// LEFT-TO-RIGHT ISOLATE, which opens an address.
    static let opener: Unicode.Scalar = "\u{2066}"
    /// POP DIRECTIONAL ISOLATE, which closes any isolate.
    static let closer: Unicode.Scalar = "\u{2069}"

    /// `text` with every address that is not isolated yet enclosed in an isolate.
    static func isolated(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "@") }) else { return text }
        var result = ""
        var word = ""
        for character in text {
            if character.isWhitespace || character.unicodeScalars.contains(where: isIsolateControl) {
                result += marked(word, after: result) + String(character)
                word = ""
            } else {
                word.append(character)
            }
        }
        return result + marked(word, after: result)
    }

    /// `word` with its address (the word without surrounding quotes, brackets or sentence punctuation) isolated.
    private static func marked(_ word: String, after text: String) -> String {
        let leading = word.prefix(while: { "([«\"'".contains($0) })
        let rest = word.dropFirst(leading.count)
        let core = rest.dropLast(rest.reversed().prefix(while: { ".,;:!?)]»\"'،؛؟".contains($0) }).count)
        guard isAddress(core), text.unicodeScalars.last != opener else { return word }
        return String(leading) + String(opener) + String(core) + String(closer) + String(rest.dropFirst(core.count))
    }

    /// A URL ("https://…"), an email address ("alice@example.com"), a path ("/tmp/store", "~/x", "a/b"), a phone
    /// number ("+16505551234") or a code of letters and digits ("Zq3x9", "zLfb-1").
    private static func isAddress(_ core: Substring) -> Bool {
        if core.contains("://") || isCode(core) { return true }
        if let at = core.firstIndex(of: "@"), at > core.startIndex, core[at...].dropFirst().contains(".") {
            return true
        }
        if core.hasPrefix("/") || core.hasPrefix("~/") || core.hasPrefix("./") || core.hasPrefix("../") {
            return core.count > 1
        }
        guard let slash = core.firstIndex(of: "/"), slash > core.startIndex, core.index(after: slash) < core.endIndex
        else { return false }
        return core[core.index(before: slash)].isLetter && core[core.index(after: slash)].isLetter
    }

    /// ASCII letters and digits, with a digit among them (so no word is taken for one), joined by '-' or '_'; or
    /// '+' and at least six digits.
    private static func isCode(_ core: Substring) -> Bool {
        let digit = { (character: Character) in character.isASCII && character.isNumber }
        let letter = { (character: Character) in character.isASCII && character.isLetter }
        if core.first == "+" { return core.count > 6 && core.dropFirst().allSatisfy(digit) }
        return core.count >= 4 && core.contains(where: digit) && core.contains(where: letter)
            && core.allSatisfy { digit($0) || letter($0) || $0 == "-" || $0 == "_" }
    }

    /// Whether `scalar` opens or closes a directional isolate (LRI, RLI, FSI, PDI).
    static func isIsolateControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x2066...0x2069).contains(scalar.value)
    }
}
