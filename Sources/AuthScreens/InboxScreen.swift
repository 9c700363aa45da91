import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// The Inbox: emails and SMS the backend sent, the selected one shown whole so its link can be copied.
struct InboxScreen {
    let inbox: Inbox.State
    let state: NavigatorState
    let strings: Strings

    /// The title, the messages, and the selected one's code and link.
    var column: FormColumn {
        var column = FormColumn(maxWidth: 76)
        column.add(Label(strings[.inboxTitle], role: .title, alignment: .center))
        guard let message = inbox.selected else {
            column.add(Label(strings[.inboxEmpty], role: .muted, alignment: .center))
            return column
        }
        let items = inbox.messages.map { ListItem(title: subject(of: $0), detail: addressee(of: $0)) }
        column.add(ListView(items: items, selected: inbox.selection, isFocused: true))
        column.add(Divider())
        column.add(Label(strings.format(.inboxCode, .string(message.code)), role: .normal))
        if let link = message.link { column.add(Label(link, role: .link)) }
        if state.canUse(message) { column.add(Label(strings[.inboxUseHint], role: .muted)) }
        return column
    }

    /// "To: …", and whether the message was used or a newer one sent since.
    private func addressee(of message: OutboxMessage) -> String {
        let key: StringKey = switch message.standing {
        case .current: .inboxTo
        case .superseded: .inboxToSuperseded
        case .used: .inboxToUsed
        }
        return strings.format(key, .string(message.recipient))
    }

    private func subject(of message: OutboxMessage) -> String {
        switch message.kind {
        case .passwordReset: strings[.inboxPasswordReset]
        case .emailSignIn: strings[.inboxSignInLink]
        case .verifyEmail, .verifyAndChangeEmail: strings[.inboxVerifyEmail]
        case .recoverEmail: strings[.inboxRecoverEmail]
        case .sms: strings[.inboxSMS]
        }
    }
}

extension Inbox.State: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        Panel(column: InboxScreen(inbox: self, state: state, strings: context.strings).column)
    }
}
