import AuthFlow
import Localization
import TerminalUI

/// Renders the whole terminal for a Navigator state: the current screen, overlays and the key footer.
public enum AuthScreen {
    /// Below this size a "terminal too small" message replaces the screen.
    public static let minimumSize = Size(width: 30, height: 10)

    /// The frame for `state` at `size`.
    public static func render(_ state: NavigatorState, context: ScreenContext, size: Size) -> Buffer {
        var buffer = Buffer(size: size, direction: context.direction, bidi: context.bidi)
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            renderTooSmall(into: &buffer, strings: context.strings)
            return buffer
        }
        let body = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
        renderBody(state, context: context, in: body, buffer: &buffer)
        if let label = context.backendLabel {
            let text = label.fitted(to: size.width - 2)
            buffer.put(text, x: size.width - TextWidth.of(text) - 1, y: 0, role: .badge)
        }
        renderOverlays(state, context: context, over: buffer.bounds, buffer: &buffer)
        let strings = context.strings
        Footer(items: KeyMap.bindings(for: state).map { (key: $0.label, action: strings[$0.hint.stringKey]) })
            .render(in: buffer.bounds.row(size.height - 1), buffer: &buffer)
        return buffer
    }

    private static func renderBody(_ state: NavigatorState, context: ScreenContext, in body: Rect,
                                   buffer: inout Buffer) {
        if let inbox = state.inbox {
            InboxScreen(inbox: inbox, state: state, strings: context.strings).render(in: body, buffer: &buffer)
            return
        }
        switch state.authView {
        case .passwordRecovery:
            PasswordRecoveryScreen(state: state, strings: context.strings).column.render(in: body, buffer: &buffer)
        case .emailLink:
            EmailLinkScreen(state: state, strings: context.strings).column.render(in: body, buffer: &buffer)
        case .enterPhoneNumber:
            EnterPhoneNumberScreen(state: state, strings: context.strings,
                                   needsAppVerification: context.phoneNeedsAppVerification)
                .column.render(in: body, buffer: &buffer)
        case .enterVerificationCode(_, let phoneNumber):
            EnterVerificationCodeScreen(state: state, phoneNumber: phoneNumber, strings: context.strings)
                .column.render(in: body, buffer: &buffer)
        case nil where state.authenticationState == .authenticated:
            SignedInScreen(state: state, strings: context.strings).column.render(in: body, buffer: &buffer)
        case nil:
            PickerScreen(state: state, strings: context.strings).column.render(in: body, buffer: &buffer)
        case .some:
            // Routes of later features; the Navigator never pushes them yet.
            break
        }
    }

    private static func renderOverlays(_ state: NavigatorState, context: ScreenContext, over screen: Rect,
                                       buffer: inout Buffer) {
        let strings = context.strings
        if let sheet = state.sheet {
            buffer.cursor = nil
            SheetScreen(shown: sheet, state: state, strings: strings).sheet.render(over: screen, buffer: &buffer)
        }
        if let operation = state.operation {
            buffer.cursor = nil
            // FirebaseUI's `.checking` moment: a restored session is being validated, nobody is signing in yet.
            let text = operation.kind == .loadingSession ? strings[.checkingSession] : strings[.authenticating]
            BusyIndicator(frame: context.spinnerFrame, text: text, hint: strings[.busyHint])
                .render(over: screen, buffer: &buffer)
        } else if let alert = state.alert {
            buffer.cursor = nil
            let content = AlertContent(alert, strings: strings, providers: state.providers)
            let buttons = state.retry == nil ? [strings[.ok]] : [strings[.ok], strings[.retry]]
            Alert(title: content.title, message: content.message, buttons: buttons, focusedButton: state.alertSelection)
                .render(over: screen, buffer: &buffer)
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
