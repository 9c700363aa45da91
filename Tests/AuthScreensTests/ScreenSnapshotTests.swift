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
        "picker-quit-with-typed-input-alert": .quitWithTypedInput,
        "picker-terms": .withTerms,
        "recovery-request": .recoveryRequest,
        "recovery-email-sent-alert": .recoveryEmailSent,
        "recovery-reset-form": .resetForm,
        "signed-in": .signedIn,
        "inbox": .inbox,
        "inbox-empty": .emptyInbox,
        "picker-providers-only": .providersOnly,
        "picker-guest": .guest,
        "picker-guest-conflict-alert": .guestConflict,
        "picker-guest-sign-in-alert": .guestSignIn,
        "picker-guest-upgrading": .upgradingGuest,
        "identity-provider-sheet": .identityProviderSheet,
        "email-link-request": .emailLinkRequest,
        "email-link-enter": .emailLinkEnter,
        "phone-entry": .phoneEntry,
        "phone-country-picker": .countryPicker,
        "phone-country-picker-unfiltered": .countryPickerUnfiltered,
        "phone-verification-code": .verificationCode,
        "phone-first-factor-refused-alert": .phoneFirstFactorRefused,
        "legacy-recovery-sheet": .legacyRecovery,
        "accounts-linked-alert": .accountsLinked,
        "mfa-resolution": .mfaResolution,
        "mfa-management-unverified-email": .mfaManagement([], isEmailVerified: false),
        "mfa-resolution-text-message": .mfaResolutionTextMessage,
        "account": .account,
        "account-second-factors": .accountWithSecondFactors,
        "account-verification-sent": .accountVerificationSent,
        "account-update-password": .updatePassword,
        "account-update-profile": .updateProfile,
        "account-delete-alert": .confirmDelete,
        "account-unlink-alert": .confirmUnlink,
        "reauth-password-sheet": .passwordReauthentication,
        "reauth-email-link-alert": .reauthentication("emailLink"),
        "reauth-email-link-sheet": .emailLinkReauthentication,
        "reauth-phone-alert": .reauthentication("phone"),
        "reauth-phone-sheet": .phoneReauthentication,
        "reauth-second-factor": .secondFactorReauthentication,
        "account-link-phone": .linkPhone,
        "reauth-provider-alert": .reauthentication("google.com"),
        "browser-sign-in": .browserSignIn,
        "browser-sign-in-copied": .browserSignInCopied,
        "recaptcha": .recaptcha,
        "recaptcha-password": .recaptchaPassword,
        "device-sign-in": .deviceSignIn,
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

    /// Regression (issue 13 item 8): the footer dropped quit (reset form at 80x24, 40x12 and 30x10) without
    /// saying where the other keys were.
    /// Regression (issue 31 item 6): narrow footers kept Ctrl-C, Ctrl-Z and Ctrl-L but dropped the screen's own
    /// Enter and Tab, and a roomy one never mentioned F1.
    @Test func theFooterListsTheScreensMainKeyFirstAndTheGenericOnesLast() {
        let context = ScreenContext(strings: .builtIn(language: "en"))
        func footer(_ states: ScreenStates, _ width: Int, _ height: Int) -> String {
            AuthScreen.render(states.state, context: context, size: Size(width: width, height: height)).textLines().last!
        }
        #expect(footer(.resetForm, 80, 24) == " Enter select  Tab next  Esc back  Ctrl-R show/hide password  F2 inbox  F1 keys")
        #expect(footer(.resetForm, 40, 12) == " Enter select  Tab next  Esc back")
        #expect(footer(.resetForm, 30, 10) == " Enter select  Tab next")
        #expect(footer(.inbox, 40, 12) == " Enter use  Esc back  F1/? keys")
        #expect(footer(.countryPicker, 40, 12).hasPrefix(" Enter select  ↑↓ move"))
        #expect(footer(.signedIn, 80, 24).contains("F1/? keys"))
    }

    @Test(arguments: sizes)
    func theKeyListShowsEveryKeyOfTheScreen(size: Size) throws {
        let state = ScreenStates.resetForm.state
        let context = ScreenContext(strings: .builtIn(language: "en"), backendLabel: "local")
        let keys = try #require(KeyMap.event(for: .function(1), in: state))
        let buffer = AuthScreen.render(Navigator.update(state, keys).0, context: context, size: size)
        assertSnapshot(buffer, named: "key-list-\(size.width)x\(size.height)")
        let screen = buffer.textLines().joined(separator: "\n")
        // Every key fits at 80x24; a narrower list scrolls (KeyListTests).
        for entry in KeyMap.keyList(for: state) where size.height >= 24 {
            #expect(screen.contains(entry.keys), "\(entry.keys) is not listed")
        }
        #expect(buffer.textLines().last == " Esc dismiss  ↑↓ move  Ctrl-C quit  Ctrl-Z suspend  Ctrl-L redraw"
                || size.width < 60)
    }

    /// Regression (issue 13 item 10): at 40x12 the selected country was scrolled out of view, the sheet lost its
    /// bottom border and the screen's scroll mark sat beside the list's.
    @Test(arguments: [Size(width: 40, height: 12), Size(width: 30, height: 10), Size(width: 80, height: 24)])
    func theCountryListKeepsItsSelectionFrameAndMarksInView(size: Size) {
        var states = ScreenStates.countryPickerUnfiltered
        let context = ScreenContext(strings: .builtIn(language: "en"), backendLabel: "local")
        for _ in 0..<2 {
            let lines = AuthScreen.render(states.state, context: context, size: size).textLines()
            guard let picker = states.state.presentation.last?.feature as? CountryPicker.State else {
                Issue.record("no list")
                return
            }
            // The name may be cut at 30 columns; the codes, which tell rows apart, stay whole (issue 31 item 19).
            let country = picker.results[picker.selection]
            let selected = "(\(country.isoCode) \(country.dialCode))"
            let name = country.localizedName(language: "en").prefix(3)
            #expect(lines.contains { $0.contains("› \(name)") && $0.contains(selected) },
                    "\(selected) is not shown at \(size.width)x\(size.height)")
            #expect(lines[0].trimmingCharacters(in: .whitespaces) == "local", "the badge row is covered")
            #expect(lines.contains { $0.contains("└") && $0.contains("┘") }, "the frame's bottom edge is missing")
            let marks = lines.flatMap { line in line.enumerated().filter { "▲▼".contains($0.element) }.map(\.offset) }
            #expect(Set(marks).count == 1, "scroll marks in columns \(marks)")
            states.send(.selectionMoved(by: -7))
        }
    }

    /// Regression (issue 13 item 17): the simulated provider sheet said "the local backend" on the emulator.
    @Test func theSimulatedProviderSheetNamesTheBackendThatSimulates() {
        let state = ScreenStates.identityProviderSheet.state
        for (isEmulator, words) in [(false, "The local backend doesn't connect"), (true, "The Auth emulator doesn't connect")] {
            let context = ScreenContext(strings: .builtIn(language: "en"), isEmulator: isEmulator)
            let screen = AuthScreen.render(state, context: context, size: Size(width: 120, height: 30)).textLines()
            #expect(screen.contains { $0.contains(words) }, "isEmulator \(isEmulator)")
        }
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
