import AuthCore

/// The Inbox: messages the backend "sent", newest last.
public enum Inbox {
    public struct State: Hashable, Sendable {
        public var messages: [OutboxMessage]
        public var selection: Int

        public init(messages: [OutboxMessage] = [], selection: Int? = nil) {
            self.messages = messages
            self.selection = selection ?? max(0, messages.count - 1)
        }

        /// The selected message, if any.
        public var selected: OutboxMessage? {
            messages.indices.contains(selection) ? messages[selection] : nil
        }

        mutating func moveSelection(by delta: Int) {
            guard !messages.isEmpty else { return }
            selection = min(max(0, selection + delta), messages.count - 1)
        }
    }
}
