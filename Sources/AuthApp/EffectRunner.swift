import AuthCore
import AuthFlow

/// Performs the Navigator's effects against the auth service and turns each result into an event.
public struct EffectRunner: Sendable {
    public let service: AuthService
    /// Where sent emails and SMS can be read back, when the backend offers it.
    public let inbox: (any MessageInbox)?

    public init(service: AuthService, inbox: (any MessageInbox)?) {
        self.service = service
        self.inbox = inbox
    }

    /// Runs one effect; nil for effects that report nothing back (`.quit`, `.discardSession`).
    public func run(_ effect: NavigatorEffect) async -> NavigatorEvent? {
        switch effect {
        case .loadSession(let id):
            return .responded(operationID: id, .session(await result { () throws(AuthError) in
                try await service.client.currentUser()
            }))
        case .signIn(let id, let email, let password):
            return .responded(operationID: id, .signIn(await result { () throws(AuthError) in
                try await service.signIn(email: email, password: password)
            }))
        case .createUser(let id, let email, let password):
            return .responded(operationID: id, .signIn(await result { () throws(AuthError) in
                try await service.createUser(email: email, password: password)
            }))
        case .sendPasswordRecoveryEmail(let id, let email):
            return .responded(operationID: id, .passwordRecoveryEmailSent(await result { () throws(AuthError) in
                try await service.sendPasswordRecoveryEmail(email: email)
                return email
            }))
        case .resetPassword(let id, let codeOrLink, let newPassword):
            return .responded(operationID: id, .passwordReset(await result { () throws(AuthError) in
                try await service.resetPassword(codeOrLink: codeOrLink, newPassword: newPassword)
            }))
        case .signOut(let id):
            return .responded(operationID: id, .signedOut(await result { () throws(AuthError) in
                try await service.signOut()
                return true
            }))
        case .loadInbox(let id):
            return .responded(operationID: id, .inbox(await result { () throws(AuthError) in
                guard let inbox else { throw AuthError(.notImplemented, detail: "inbox") }
                return try await inbox.messages()
            }))
        case .discardSession:
            try? await service.signOut()
            return nil
        case .quit:
            return nil
        }
    }

    private func result<Value>(_ body: () async throws(AuthError) -> Value) async -> Result<Value, AuthError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
