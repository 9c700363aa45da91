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
        // A version-8 symbol: 57 cells wide and 29 rows with its quiet zone, plus the header and footer rows.
        #expect(try QRScan.decode(frame(99, 31)) == [authURI])
        for (width, height) in [(98, 31), (99, 30), (80, 24), (40, 12)] {
            let buffer = frame(width, height)
            #expect(buffer.cells.allSatisfy { $0.colors != QRCodeView.colors }, "\(width)x\(height)")
        }
        #expect(frame(80, 24).textLines().joined().contains("https://accounts.google.com/o/oauth2/auth?"))
    }
}
