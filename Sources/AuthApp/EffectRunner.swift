import Foundation
import AuthCore
import AuthFlow

/// Performs the Navigator's effects against the auth service and turns each result into an event.
public struct EffectRunner: Sendable {
    public let service: AuthService
    /// Where sent emails and SMS can be read back, when the backend offers it.
    public let inbox: (any MessageInbox)?
    /// Values remembered between runs.
    public let storage: any AppStorage

    public init(service: AuthService, inbox: (any MessageInbox)?, storage: any AppStorage) {
        self.service = service
        self.inbox = inbox
        self.storage = storage
    }

    /// Runs one effect; nil for effects that report nothing back (`.quit`, `.discardSession`, storage).
    public func run(_ effect: NavigatorEffect) async -> NavigatorEvent? {
        switch effect {
        case .loadSession(let id):
            return .responded(operationID: id, .session(await result { () throws(AuthError) in
                SessionSnapshot(user: try await service.client.currentUser(),
                                emailForLink: storage.string(forKey: AppStorageKey.emailLink))
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
        case .signInAnonymously(let id):
            return .responded(operationID: id, .signIn(await result { () throws(AuthError) in
                try await service.signInAnonymously()
            }))
        case .signInWithCredential(let id, let credential):
            return .responded(operationID: id, .signIn(await result { () throws(AuthError) in
                try await service.signIn(with: credential)
            }))
        case .replaceGuestAndSignIn(let id, let credential):
            return .responded(operationID: id, .signIn(await result { () throws(AuthError) in
                try await service.replaceGuestAndSignIn(with: credential)
            }))
        case .linkCredential(let id, let credential):
            return .responded(operationID: id, .credentialLinked(await result { () throws(AuthError) in
                try await service.link(credential)
            }))
        case .sendSignInLink(let id, let email):
            return .responded(operationID: id, .signInLinkSent(await result { () throws(AuthError) in
                try await service.sendSignInLink(email: email)
                return email
            }))
        case .fetchSignInMethods(let id, let email):
            return .responded(operationID: id, .signInMethods(await result { () throws(AuthError) in
                try await service.fetchSignInMethods(email: email)
            }))
        case .verifyPhoneNumber(let id, let phoneNumber):
            return .responded(operationID: id, .phoneCodeSent(await result { () throws(AuthError) in
                let verificationID = try await service.verifyPhoneNumber(phoneNumber)
                return PhoneCodeSent(verificationID: verificationID, phoneNumber: phoneNumber, sentAt: Date())
            }))
        case .rememberEmailForLink(let email):
            storage.set(email, forKey: AppStorageKey.emailLink)
            return nil
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
