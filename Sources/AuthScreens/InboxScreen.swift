import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// The Inbox: emails and SMS the backend sent, the selected one shown whole so its link can be copied.
struct InboxScreen {
    let inbox: Inbox.State
    let state: NavigatorState
    let strings: Strings

    /// Clears `area` and draws the inbox in it.
    func render(in area: Rect, buffer: inout Buffer) {
        buffer.fill(area, role: .normal)
        buffer.cursor = nil
        var column = FormColumn(maxWidth: 76)
        column.add(Label(strings[.inboxTitle], role: .title, alignment: .center))
        guard let message = inbox.selected else {
            column.add(Label(strings[.inboxEmpty], role: .muted, alignment: .center))
            column.render(in: area, buffer: &buffer)
            return
        }
        let items = inbox.messages.map { ListItem(title: subject(of: $0), detail: strings.format(.inboxTo, .string($0.recipient))) }
        column.add(ListView(items: items, selected: inbox.selection, isFocused: true))
        column.add(Divider())
        column.add(Label(strings.format(.inboxCode, .string(message.code)), role: .normal))
        if let link = message.link { column.add(Label(link, role: .link)) }
        if state.canUse(message) { column.add(Label(strings[.inboxUseHint], role: .muted)) }
        column.render(in: area, buffer: &buffer)
    }

    private func subject(of message: OutboxMessage) -> String {
        switch message.kind {
        case .passwordReset: strings[.inboxPasswordReset]
        case .emailSignIn: strings[.inboxSignInLink]
        case .verifyEmail: strings[.inboxVerifyEmail]
        case .sms: strings[.inboxSMS]
        }
    }
}
