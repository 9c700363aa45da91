import AuthCore
import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

@Suite struct ScreenSnapshotTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]
    static let cases: [String: ScreenStates] = [
        "picker-empty": .signedOut,
        "picker-invalid-email": .invalidEmail,
        "picker-sign-up-mismatch": .signUpWithMismatch,
        "picker-busy": .signingIn,
        "picker-wrong-password-alert": .wrongPassword,
        "picker-terms": .withTerms,
        "recovery-request": .recoveryRequest,
        "recovery-email-sent-alert": .recoveryEmailSent,
        "recovery-reset-form": .resetForm,
        "signed-in": .signedIn,
        "inbox": .inbox,
        "inbox-empty": .emptyInbox,
        "picker-providers-only": .providersOnly,
        "picker-guest": .guest,
        "identity-provider-sheet": .identityProviderSheet,
        "email-link-request": .emailLinkRequest,
        "email-link-enter": .emailLinkEnter,
        "phone-entry": .phoneEntry,
        "phone-country-picker": .countryPicker,
        "phone-verification-code": .verificationCode,
        "legacy-recovery-sheet": .legacyRecovery,
        "accounts-linked-alert": .accountsLinked,
        "mfa-resolution": .mfaResolution,
        "browser-sign-in": .browserSignIn,
        "provisioning-busy": .provisioning,
        "provisioning-failed-alert": .provisioningFailed,
        "mfa-management": .mfaManagement(),
        "mfa-management-empty": .mfaManagement([]),
        "mfa-enrollment-choice": .mfaEnrollmentChoice,
        "mfa-enrollment-qr-code": .mfaEnrollmentQRCode(),
        "mfa-enrollment-text-message-code": .mfaEnrollmentTextMessageCode,
    ]

    @Test(arguments: cases.keys.sorted(), sizes)
    func screen(named name: String, size: Size) throws {
        let states = try #require(Self.cases[name])
        let context = ScreenContext(strings: .builtIn(language: "en"), spinnerFrame: 3, backendLabel: "local")
        let buffer = AuthScreen.render(states.state, context: context, size: size)
        assertSnapshot(buffer, named: "\(name)-\(size.width)x\(size.height)")
    }

    @Test func aTooSmallTerminalSaysSoInsteadOfDrawingTheForm() {
        let buffer = AuthScreen.render(ScreenStates.signedOut.state, context: ScreenContext(strings: .builtIn(language: "en")),
                                       size: Size(width: 20, height: 6))
        assertSnapshot(buffer, named: "too-small-20x6")
        #expect(!buffer.textLines().joined().contains("Password"))
    }

    @Test func passwordsAreMaskedUnlessRevealed() {
        var states = ScreenStates.signingIn
        states.send(.backRequested)
        let strings = Strings.builtIn(language: "en")
        let masked = AuthScreen.render(states.state, context: ScreenContext(strings: strings), size: Size(width: 80, height: 24))
        #expect(!masked.textLines().joined().contains("hunter22"))
        #expect(masked.textLines().joined().contains("••••••••"))
        states.send(.passwordRevealToggled)
        let revealed = AuthScreen.render(states.state, context: ScreenContext(strings: strings), size: Size(width: 80, height: 24))
        #expect(revealed.textLines().joined().contains("hunter22"))
    }

    @Test func aCustomProviderButtonWearsItsConfiguredColours() throws {
        let line = IdentityProviderButton(providerID: "oidc.line", displayName: "LINE", backgroundColor: "#00C300",
                                          foregroundColor: "#FFFFFF")
        let states = ScreenStates(providers: [.email, .identityProvider(line)])
        let buffer = AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: "en")),
                                       size: Size(width: 80, height: 24))
        let row = try #require(buffer.textLines().firstIndex { $0.contains("Sign in with LINE") })
        let x = try #require(buffer.textLines()[row].firstIndex(of: "[")).utf16Offset(in: buffer.textLines()[row])
        #expect(buffer[x, row].colors == CellColors(foreground: ThemeColor(parsing: "#FFFFFF")!,
                                                    background: ThemeColor(parsing: "#00C300")!))
        #expect(buffer[x, row].role == .providerCustom)
    }

    @Test func thePhoneScreenExplainsReCAPTCHAOnlyForALiveProject() {
        let strings = Strings.builtIn(language: "en")
        let live = AuthScreen.render(ScreenStates.phoneEntry.state,
                                     context: ScreenContext(strings: strings, phoneNeedsAppVerification: true),
                                     size: Size(width: 80, height: 24))
        assertSnapshot(live, named: "phone-entry-live-project-80x24")
        #expect(live.textLines().joined(separator: " ").contains("reCAPTCHA"))
        let local = AuthScreen.render(ScreenStates.phoneEntry.state, context: ScreenContext(strings: strings),
                                      size: Size(width: 80, height: 24))
        #expect(!local.textLines().joined().contains("reCAPTCHA"))
    }

    @Test func aRestoredSessionIsCheckedNotAuthenticated() {
        var state = NavigatorState(configuration: AuthConfiguration(), providers: [.email])
        state = Navigator.update(state, .started).0
        let screen = AuthScreen.render(state, context: ScreenContext(strings: .builtIn(language: "en")),
                                       size: Size(width: 80, height: 24)).textLines().joined()
        #expect(screen.contains("Checking your session..."))
        #expect(!screen.contains("Authenticating..."))
    }

    @Test func theFocusedFieldOwnsTheCursor() {
        var states = ScreenStates.signedOut
        states.type("ab")
        let buffer = AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: "en")),
                                       size: Size(width: 80, height: 24))
        let cursor = try! #require(buffer.cursor)
        let line = buffer.textLines()[cursor.y]
        #expect(line.contains("[ab"))
    }
}
