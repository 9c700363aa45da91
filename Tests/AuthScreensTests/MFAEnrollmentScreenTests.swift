import AuthCore
import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// The authenticator app's QR code as the screen draws it, read back by `zbarimg`.
@Suite struct MFAEnrollmentScreenTests {
    /// What the REST client builds from the emulator's answer: issuer, account, and no parameter at its default.
    private let restURI = "otpauth://totp/Firebase%20Auth:ann@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        + "&issuer=Firebase%20Auth"

    private func frame(_ states: ScreenStates, _ width: Int, _ height: Int, language: String = "en") -> Buffer {
        AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: language)),
                          size: Size(width: width, height: height))
    }

    /// The glyphs the QR code's cells show.
    private func codeGlyphs(_ buffer: Buffer) -> Set<String> {
        Set(buffer.cells.filter { $0.colors == QRCodeView.colors }.map(\.text))
    }

    @Test func theCodeOnAnEightyByTwentyFourScreenScansToTheURI() throws {
        let buffer = frame(.mfaEnrollmentQRCode(), 80, 24)
        #expect(try QRScan.decode(buffer) == [ScreenStates.shortOTPAuthURI])
        #expect(buffer.textLines().joined().contains("JBSW Y3DP EHPK 3PXP"))
    }

    @Test func theBackendsURIScansOnAnEightyByTwentyFourScreenInSextants() throws {
        let states = ScreenStates.mfaEnrollmentQRCode(uri: restURI)
        for language in ["en", "ja", "ar"] {
            let buffer = frame(states, 80, 24, language: language)
            #expect(try QRScan.decode(buffer) == [restURI], "\(language)")
            #expect(!codeGlyphs(buffer).isSubset(of: [" ", "▀", "▄", "█"]), "denser than half blocks")
            #expect(buffer.textLines().joined().contains("JBSW Y3DP EHPK 3PXP"))
        }
    }

    @Test func aLargerTerminalGetsHalfBlocksAndASmallOneNeverAClippedCode() throws {
        let states = ScreenStates.mfaEnrollmentQRCode(uri: restURI)
        let large = frame(states, 110, 34)
        #expect(try QRScan.decode(large) == [restURI])
        #expect(codeGlyphs(large).isSubset(of: [" ", "▀", "▄", "█"]))
        // Too small for this code: no module is drawn, the size needed and the key are shown.
        let small = frame(states, 50, 16)
        #expect(small.cells.allSatisfy { $0.colors != QRCodeView.colors })
        let text = small.textLines().joined(separator: " ")
        #expect(text.contains("too small for the QR code"))
        #expect(text.contains("needs 59×17"))
        #expect(text.contains("JBSW Y3DP EHPK 3PXP"))
    }

    @Test func aNarrowButTallTerminalShowsTheCodeAboveTheForm() throws {
        let buffer = frame(.mfaEnrollmentQRCode(), 44, 60)
        #expect(try QRScan.decode(buffer) == [ScreenStates.shortOTPAuthURI])
        // The code's rows (quiet zone included) from the top of the body, then a blank row, then the form.
        let codeRows = Set(buffer.cells.indices.filter { buffer.cells[$0].colors == QRCodeView.colors }
            .map { $0 / buffer.size.width })
        let lines = buffer.textLines()
        let title = try #require(lines.firstIndex { $0.contains("Set up two-factor authentication") })
        let lastCodeRow = try #require(codeRows.max())
        #expect(codeRows.min() == 1)
        #expect(title > lastCodeRow + 1, "the form is below the code")
        #expect(lines.contains { $0.contains("Complete setup") })
    }

    @Test func aRightToLeftScreenDrawsTheSameScannableCode() throws {
        let buffer = frame(.mfaEnrollmentQRCode(), 80, 24, language: "ar")
        #expect(try QRScan.decode(buffer) == [ScreenStates.shortOTPAuthURI])
    }
}
