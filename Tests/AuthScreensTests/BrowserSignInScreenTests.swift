import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// The hand-off screen's QR code of the authorization address, read back by `zbarimg`.
@Suite struct BrowserSignInScreenTests {
    private func frame(_ width: Int, _ height: Int, language: String = "en") -> Buffer {
        AuthScreen.render(ScreenStates.browserSignIn.state, context: ScreenContext(strings: .builtIn(language: language)),
                          size: Size(width: width, height: height))
    }

    private var authURI: String {
        guard let signIn = ScreenStates.browserSignIn.state.path.last?.feature as? BrowserSignIn.State else { return "" }
        return signIn.start.authURI.authURI
    }

    /// The hand-off's screen title, in `language`, when the provider is asked for `use`.
    private func title(for use: IdentityProviderUse, language: String = "en") -> String? {
        guard let shown = ScreenStates.browserSignIn.state.path.last?.feature as? BrowserSignIn.State else { return nil }
        let signIn = BrowserSignIn.State(start: shown.start, use: use, canOpenBrowser: false, waitOperationID: 3)
        var buffer = Buffer(size: Size(width: 80, height: 24))
        BrowserHandoffScreen(handoff: signIn, strings: .builtIn(language: language), showsFocus: true)
            .render(in: Rect(x: 0, y: 0, width: 80, height: 24), buffer: &buffer)
        return buffer.textLines().map { $0.split(separator: " ").joined(separator: " ") }.first { !$0.isEmpty }
    }

    @Test func theTitleNamesWhatTheProviderIsAskedFor() {
        let refused = RefusedCall(Operation(id: 7, call: AuthCall.DeleteAccount(), owner: .root))
        #expect(title(for: .signIn) == "Sign in with Google in a browser")
        #expect(title(for: .link) == "Link Google in a browser")
        #expect(title(for: .reauthenticate(refused)) == "Sign in again with Google in a browser")
        #expect(title(for: .link, language: "de") == "Google im Browser verknüpfen")
    }

    @Test func theCodeBesideTheFormScansToTheWholeAddress() throws {
        let buffer = frame(110, 34)
        assertSnapshot(buffer, named: "browser-sign-in-qr-code-110x34")
        #expect(try QRScan.decode(buffer) == [authURI])
        #expect(buffer.textLines().joined().contains("Address from the browser"))
    }

    @Test func aRightToLeftScreenDrawsTheSameScannableCode() throws {
        #expect(try QRScan.decode(frame(110, 34, language: "ar")) == [authURI])
    }

    @Test func theCodeNeedsItsWholeSizeBesideAFortyColumnForm() throws {
        // A version-8 symbol: 57 cells wide and 29 rows with its quiet zone, plus the header and footer rows, and
        // the address's two rows below it after a blank one.
        #expect(try QRScan.decode(frame(99, 34)) == [authURI])
        for (width, height) in [(98, 34), (99, 33), (80, 24), (40, 12)] {
            let buffer = frame(width, height)
            #expect(buffer.cells.allSatisfy { $0.colors != QRCodeView.colors }, "\(width)x\(height)")
        }
        #expect(frame(80, 24).textLines().joined().contains("https://accounts.google.com/o/oauth2/auth?"))
    }

    /// Issue 31 item 21: the address stood in a column beside the code, so a mouse selection of its rows took
    /// cells of the code with it. Beside the code it now has full-width rows of its own, below both, from the
    /// first column; it is a link where the terminal shows links.
    @Test func theAddressBesideTheCodeHasRowsOfItsOwn() throws {
        let buffer = frame(110, 36)
        #expect(try QRScan.decode(buffer) == [authURI])
        let width = buffer.size.width
        let rows = 0..<buffer.size.height
        let codeRows = rows.filter { y in (0..<width).contains { buffer[$0, y].colors == QRCodeView.colors } }
        let addressRows = rows.filter { y in (0..<width).contains { buffer[$0, y].role == .link } }
        #expect(!codeRows.isEmpty && !addressRows.isEmpty)
        #expect(Set(codeRows).isDisjoint(with: addressRows), "no row holds both")
        #expect(addressRows.allSatisfy { buffer[0, $0].role == .link }, "rows start at the first column")
        let text = addressRows.map { y in (0..<width).filter { buffer[$0, y].role == .link }.map { buffer[$0, y].text } }
        #expect(text.map { $0.joined() }.joined() == authURI)
        #expect(buffer.hyperlinks.map(\.target) == Array(repeating: authURI, count: addressRows.count))
        #expect(buffer.hyperlinks.map(\.text).joined() == authURI)
    }

    /// The hand-off screens in Japanese (goldens); the paste label ends as a sentence in every language.
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    func theHandOffScreensInJapanese(size: Size) {
        let context = ScreenContext(strings: .builtIn(language: "ja"), backendLabel: "local")
        for (name, states) in [("browser-sign-in", ScreenStates.browserSignIn), ("recaptcha", .recaptcha),
                               ("browser-sign-in-copied", .browserSignInCopied)] {
            let buffer = AuthScreen.render(states.state, context: context, size: size)
            assertSnapshot(buffer, named: "\(name)-ja-\(size.width)x\(size.height)")
        }
    }

    /// Issue 31 item 21: "Paste the address it ended on" had no full stop, in any language. Thai ends sentences
    /// with none; en-XA is the pseudo-language of the English text.
    @Test func thePasteLabelEndsAsASentence() {
        for language in Strings.builtInLanguages where !["th", "en-XA"].contains(language) {
            let label = Strings.builtIn(language: language)[.browserSignInPasteLabel]
            #expect(label.last.map { ".。।۔".contains($0) } == true, "\(language): \(label)")
        }
    }

    /// "Copy address" where the terminal takes text for its clipboard, and "Copied" once chosen.
    @Test func copyAddressIsOfferedWhereTheTerminalHasAClipboard() {
        func text(_ states: ScreenStates) -> String {
            AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: "en")),
                              size: Size(width: 80, height: 40)).textLines().joined(separator: "\n")
        }
        #expect(!text(.browserSignIn).contains("Copy address"))
        #expect(text(.browserSignInCopied).contains("[ Copy address ]"))
        #expect(text(.browserSignInCopied).contains("Copied to the clipboard"))
        #expect(!text(.browserSignIn).contains("Copied to the clipboard"))
    }
}
