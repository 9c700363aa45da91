import AuthFlow
import Foundation
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// Addresses in right-to-left screens (issue 32 item 3): a URL or an email address reads left to right as one unit,
/// on every line it is wrapped to; before, each wrapped line was reordered on its own ("?https://…/action",
/// "//:https").
@Suite struct RightToLeftAddressTests {
    static let languages = ["ar", "fa", "he"]
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]
    /// Addresses the screens show besides the one each test looks for whole.
    static let addresses = ["alice@example.com", "https://example.com/privacy", "F1/?",
                            "https://accounts.google.com/o/oauth2/auth?response_type=code&client_id=1234567890-abcdef"
                                + ".apps.googleusercontent.com&redirect_uri=http%3A%2F%2F127.0.0.1%3A43123%2F"
                                + "&state=AbCdEf123&scope=openid", "http://127.0.0.1:43123/?code=c&state=other",
                            "http://127.0.0.1:43123/recaptcha?state=AbCdEf123"]
    static let screens: [String: (states: ScreenStates, address: String)] = [
        "inbox": (.inbox, "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=Zq3x9"),
        "terms": (.withTerms, "https://example.com/tos"),
        "browser-sign-in": (.browserSignIn, ""),
        "recaptcha": (.recaptcha, "http://127.0.0.1:43123/recaptcha?state=AbCdEf123"),
    ]

    @Test(arguments: languages, sizes)
    func addressesReadLeftToRightOnEveryLine(language: String, size: Size) throws {
        let strings = Strings.builtIn(language: language)
        for (name, screen) in Self.screens.sorted(by: { $0.key < $1.key }) {
            let buffer = AuthScreen.render(screen.states.state, context: ScreenContext(strings: strings, spinnerFrame: 3,
                                                                                       backendLabel: "local"), size: size)
            assertSnapshot(buffer, named: "rtl-address-\(name)-\(language)-\(size.width)x\(size.height)")
            let lines = buffer.textLines()
            // Every piece of an address on the screen reads left to right: it is a piece of the address itself.
            // (A text field's scroll mark "<" and the scroll bar's "▲", "┃" and "▼" are not part of it.)
            let pieces = lines.flatMap { $0.split(separator: " ") }.filter { $0.contains("/") || $0.contains("@") }
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "<>[]▲┃▼")) }
            let addresses = Self.addresses + [screen.address]
            for piece in pieces {
                #expect(addresses.contains { $0.contains(piece) }, "\(name): \(piece) in \(lines)")
            }
            if size.width == 80, !screen.address.isEmpty {
                #expect(lines.contains { $0.contains(screen.address) }, "\(name): \(lines)")
            }
        }
    }
}
