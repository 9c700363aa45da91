import AuthCore
import FoundationEssentials

/// Messages of an emulator's inbox as first seen by this client: an emulator gives them no id, and Firebase's
/// emulator no time (fauth-tui's serves `sentAt`).
struct InboxLog {
    /// One listed message: a key that tells it apart, the message without id and time, and its time if served.
    typealias Entry = (key: String, message: OutboxMessage, sentAt: Date?)

    var seen: [String: OutboxMessage] = [:]
    var nextID: Int64 = 1

    /// The messages for `entries`, with the id each got when it first appeared and the time it was sent (else
    /// first seen); oldest first. Messages no longer listed (used codes) are dropped.
    mutating func record(_ entries: [Entry], at now: Date) -> [OutboxMessage] {
        var current: [String: OutboxMessage] = [:]
        for (key, message, sentAt) in entries {
            if let known = seen[key] {
                current[key] = known
            } else {
                var message = message
                message.id = nextID
                message.sentAt = sentAt ?? now
                nextID += 1
                current[key] = message
            }
        }
        seen = current
        return current.values.sorted { $0.id < $1.id }
    }
}

extension FirebaseAuthClient {
    /// The emails and SMS codes an emulator "sent": `/emulator/v1/projects/{id}/oobCodes` and
    /// `/verificationCodes`. Kinds other than password reset, sign-in and verify-email are left out.
    ///
    /// Errors: NOT_IMPLEMENTED for production (Firebase really sends them); INTERNAL_ERROR when the emulator
    /// serves another project by default (see `requireInboxProject`); the requests' own.
    public func messages() async throws(AuthError) -> [OutboxMessage] {
        guard let oobURL = endpoint.emulatorProject("oobCodes"),
              let smsURL = endpoint.emulatorProject("verificationCodes") else {
            throw AuthError(.notImplemented, detail: "a production project has no readable inbox")
        }
        try await requireInboxProject()
        let oob = try await transport.send(RESTRequest(operation: "oobCodes", method: "GET", url: oobURL, body: .none),
                                           as: EmulatorOobCodes.self)
        let sms = try await transport.send(
            RESTRequest(operation: "verificationCodes", method: "GET", url: smsURL, body: .none),
            as: EmulatorVerificationCodes.self)
        let placeholder = Date(timeIntervalSince1970: 0)
        var entries: [InboxLog.Entry] = (oob.oobCodes ?? []).compactMap { entry in
            guard let kind = Self.outboxKind(entry.requestType) else { return nil }
            let message = OutboxMessage(id: 0, kind: kind, recipient: entry.newEmail ?? entry.email ?? "",
                                        link: entry.oobLink, code: entry.oobCode, sentAt: placeholder)
            return ("oob|\(entry.oobCode)", message, Self.date(entry.sentAt))
        }
        entries += (sms.verificationCodes ?? []).map { entry in
            let message = OutboxMessage(id: 0, kind: .sms, recipient: entry.phoneNumber ?? "", link: nil,
                                        code: entry.code, sentAt: placeholder)
            return ("sms|\(entry.sessionInfo ?? "")|\(entry.code)", message, Self.date(entry.sentAt))
        }
        let now = clock()
        return inboxLog.withLock { $0.record(entries, at: now) }
    }

    /// INTERNAL_ERROR naming both projects when the emulator's `GET /` says it serves another project by
    /// default: this client's sign-ins (whose paths name no project) land there, so the inbox of its own
    /// project would never show their messages, even where the emulator serves that project too. Asked once;
    /// Firebase's emulator does not say, and is taken at its word.
    private func requireInboxProject() async throws(AuthError) {
        guard case .emulator(_, _, let projectID, _) = endpoint, !servesInboxProject.withLock({ $0 }),
              let url = endpoint.emulatorRoot() else { return }
        let readiness = try await transport.send(RESTRequest(operation: "emulator", method: "GET", url: url,
                                                             body: .none), as: EmulatorReadiness.self)
        if let served = readiness.authEmulator?.projectId, served != projectID {
            throw AuthError(.internalError, detail: "emulator: this emulator serves project \(served), not \(projectID)")
        }
        servesInboxProject.withLock { $0 = true }
    }

    /// An RFC 3339 time, with or without fractions of a second; nil when absent or unreadable.
    private static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        return RFC3339.date(text)
    }

    private static func outboxKind(_ requestType: String?) -> OutboxMessage.Kind? {
        switch requestType {
        case "PASSWORD_RESET": .passwordReset
        case "EMAIL_SIGNIN": .emailSignIn
        case "VERIFY_EMAIL": .verifyEmail
        case "VERIFY_AND_CHANGE_EMAIL": .verifyAndChangeEmail
        case "RECOVER_EMAIL": .recoverEmail
        default: nil
        }
    }
}
