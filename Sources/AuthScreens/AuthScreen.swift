import AuthFlow
import Localization
import TerminalUI

/// Renders the whole terminal for a Navigator state: the screen, its presentation layers and the key footer.
public enum AuthScreen {
    /// Below this size a "terminal too small" message replaces the screen.
    public static let minimumSize = Size(width: 30, height: 10)

    /// Whether a terminal of `size` shows the screen rather than the "terminal too small" message.
    public static func fits(_ size: Size) -> Bool {
        size.width >= minimumSize.width && size.height >= minimumSize.height
    }

    /// The frame for `state` at `size`.
    public static func render(_ state: NavigatorState, context: ScreenContext, size: Size) -> Buffer {
        var buffer = Buffer(size: size, direction: context.direction, bidi: context.bidi)
        guard fits(size) else {
            renderTooSmall(into: &buffer, strings: context.strings)
            return buffer
        }
        let body = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
        renderScreen(state, context: context, in: body, buffer: &buffer)
        // The layers are drawn bottom to top, inside the body: never over the header or the footer.
        for (index, layer) in state.presentation.enumerated() {
            render(layer, isTop: index == state.presentation.count - 1, state: state, context: context, in: body,
                   buffer: &buffer)
        }
        if let label = context.backendLabel {
            let text = label.fitted(to: size.width - 2)
            buffer.put(text, x: size.width - TextWidth.of(text) - 1, y: 0, role: .badge)
        }
        let strings = context.strings
        Footer(items: KeyMap.footer(for: state).map { (key: $0.label, action: strings[$0.hint!.stringKey]) })
            .render(in: buffer.bounds.row(size.height - 1), buffer: &buffer)
        return buffer
    }

    private static func renderScreen(_ state: NavigatorState, context: ScreenContext, in body: Rect,
                                     buffer: inout Buffer) {
        let strings = context.strings
        let showsFocus = state.presentation.isEmpty
        let column: any Widget
        switch state.path.last {
        case .passwordRecovery(let recovery)?:
            column = PasswordRecoveryScreen(recovery: recovery, isRevealed: state.isPasswordRevealed,
                                            showsFocus: showsFocus, strings: strings).column
        case .emailLink(let emailLink)?:
            column = EmailLinkScreen(emailLink: emailLink, strings: strings, showsFocus: showsFocus).column
        case .enterPhoneNumber(let phone)?:
            column = EnterPhoneNumberScreen(phone: phone, language: state.language, strings: strings,
                                            needsAppVerification: context.phoneNeedsAppVerification,
                                            showsFocus: showsFocus).column
        case .enterVerificationCode(let code)?:
            column = EnterVerificationCodeScreen(code: code, strings: strings, showsFocus: showsFocus).column
        case .mfaResolution(let resolution)?:
            column = MFAResolutionScreen(resolution: resolution, strings: strings, showsFocus: showsFocus).column
        case .browserSignIn(let signIn)?:
            column = BrowserSignInScreen(signIn: signIn, strings: strings, showsFocus: showsFocus)
        case .mfaManagement(let management)?:
            column = MFAManagementScreen(management: management, strings: strings, showsFocus: showsFocus).column
        case .mfaEnrollment(let enrollment)?:
            column = MFAEnrollmentScreen(enrollment: enrollment, language: state.language, strings: strings,
                                         showsFocus: showsFocus)
        case nil:
            switch state.root {
            case .picker(let picker): column = PickerScreen(picker: picker, state: state, strings: strings).column
            case .signedIn(let signedIn): column = SignedInScreen(signedIn: signedIn, state: state, strings: strings).column
            }
        }
        column.render(in: body, buffer: &buffer)
    }

    private static func render(_ layer: Presentation, isTop: Bool, state: NavigatorState, context: ScreenContext, in body: Rect,
                               buffer: inout Buffer) {
        let strings = context.strings
        buffer.cursor = nil
        switch layer {
        case .busy(let operation):
            // FirebaseUI's `.checking` moment: a restored session is being validated, nobody is signing in yet.
            let text = switch operation.kind {
            case .loadingSession: strings[.checkingSession]
            case .provisioning: strings[.provisioningAccount]
            default: strings[.authenticating]
            }
            BusyIndicator(frame: context.spinnerFrame, text: text,
                          hint: operation.call.canBeAbandoned ? strings[.busyHint] : nil)
                .render(over: body, buffer: &buffer)
        case .alert(let alert):
            let content = AlertContent(alert.content, strings: strings, providers: state.providers)
            Alert(title: content.title, message: content.message,
                  buttons: alert.buttons.map { strings[$0.title.stringKey] }, focusedButton: alert.selection)
                .render(over: body, buffer: &buffer)
        case .identityProviderSheet(let sheet):
            SheetScreen.identityProvider(sheet, strings: strings, showsFocus: isTop).render(over: body, buffer: &buffer)
        case .legacyRecoverySheet(let sheet):
            SheetScreen.legacyRecovery(sheet, providers: state.providers, strings: strings, showsFocus: isTop)
                .render(over: body, buffer: &buffer)
        case .countryPicker(let picker):
            SheetScreen.countryPicker(picker, strings: strings, showsFocus: isTop).render(over: body, buffer: &buffer)
        case .inbox(let inbox):
            InboxScreen(inbox: inbox, state: state, strings: strings).render(in: body, buffer: &buffer)
        }
    }

    private static func renderTooSmall(into buffer: inout Buffer, strings: Strings) {
        let width = buffer.size.width
        let title = TextWidth.wrap(strings[.terminalTooSmall], width: width).map { ($0, StyleRole.error) }
        let detail = strings.format(.terminalTooSmallDetail, .int(minimumSize.width), .int(minimumSize.height))
        let lines = title + TextWidth.wrap(detail, width: width).map { ($0, StyleRole.normal) }
        let top = max(0, (buffer.size.height - lines.count) / 2)
        for (index, (line, role)) in lines.enumerated() {
            buffer.put(line, x: max(0, (width - TextWidth.of(line)) / 2), y: top + index, role: role)
        }
    }
}

extension AlertButton.Title {
    /// The caption's string.
    var stringKey: StringKey {
        switch self {
        case .ok: .ok
        case .retry: .retry
        case .cancel: .cancel
        case .signOut: .signOut
        case .remove: .remove
        }
    }
}
