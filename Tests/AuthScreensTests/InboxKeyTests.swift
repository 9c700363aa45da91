import AuthCore
import AuthFlow
import AuthScreens
import Foundation
import Testing

/// The inbox footer lists only what acts (issue 13 item 9).
@Suite struct InboxKeyTests {
    private func footer(_ messages: [OutboxMessage]) -> [String] {
        var state = NavigatorState(configuration: AuthConfiguration(), providers: [.email, .emailLink])
        state.presentation.replace(with: [.inbox(Inbox.State(messages: messages))])
        return KeyMap.footer(for: state).map(\.label)
    }

    private func message(_ id: Int64) -> OutboxMessage {
        OutboxMessage(id: id, kind: .passwordReset, recipient: "a@example.com", link: nil, code: "C\(id)",
                      sentAt: Date(timeIntervalSince1970: 0))
    }

    @Test func anEmptyInboxOffersNeitherArrowsNorEnter() {
        #expect(footer([]).contains("↑↓") == false)
        #expect(footer([]).contains("Enter") == false)
        #expect(footer([]).contains("Esc"))
    }

    @Test func arrowsShowOnlyWithSomethingToMoveTo() {
        #expect(footer([message(1)]).contains("↑↓") == false)
        #expect(footer([message(1), message(2)]).contains("↑↓"))
    }
}
