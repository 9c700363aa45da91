import TerminalUI

/// The corner label naming the active backend: localized words around an address that must stay readable.
public struct BackendBadge: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The whole label, e.g. "local: ~/.local/share/fauth-tui/local.sqlite".
    public let text: String
    /// The part that tells backends apart: the store's path, or the emulator's host and port.
    public let address: String

    public init(text: String, address: String) {
        self.text = text
        self.address = address
    }

    /// A badge that is all address.
    public init(stringLiteral value: String) {
        self.init(text: value, address: value)
    }

    /// The label in at most `width` columns: the whole text, else the address alone, else the address
    /// shortened in the middle (a path keeps its file name whole while there is room for it).
    public func fitted(to width: Int) -> String {
        if TextWidth.of(text) <= width { return text }
        if TextWidth.of(address) <= width { return address }
        let separator = address.lastIndex(of: "/")
        let fileName = separator.map { String(address[$0...]) } ?? ""
        if !fileName.isEmpty, TextWidth.of(fileName) + 2 <= width {
            let head = TextWidth.prefix(String(address[..<separator!]), width: width - TextWidth.of(fileName) - 1)
            return head + "…" + fileName
        }
        return TextWidth.truncateMiddle(address, to: width)
    }
}
