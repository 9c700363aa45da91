import FoundationEssentials
import AuthCore
import AuthFlow

/// Performs the Navigator's calls against the auth service and turns each result into an event.
public struct EffectRunner: Sendable {
    public let service: AuthService
    /// Where sent emails and SMS can be read back, when the backend offers it.
    public let inbox: (any MessageInbox)?
    /// Values remembered between runs.
    public let storage: any AppStorage
    /// Browser sign-ins with identity providers, on backends that offer them.
    public let browserSignIn: BrowserSignInService?
    /// Device-code sign-ins with identity providers whose buttons name a device client.
    private let deviceSignIn = DeviceSignInService()

    public init(service: AuthService, inbox: (any MessageInbox)?, storage: any AppStorage,
                browserSignIn: BrowserSignInService? = nil) {
        self.service = service
        self.inbox = inbox
        self.storage = storage
        self.browserSignIn = browserSignIn
    }

    /// Performs one call and returns the event that reports its result.
    public func run(_ call: AuthCall, operationID id: Int) async -> NavigatorEvent {
        .responded(operationID: id, await response(to: call))
    }

    /// The response to `call` when the backend can give it at once: the session, when local state tells it (see
    /// `SessionAtHand`). Nil for every other call, which runs as a task.
    public func immediateResponse(to call: AuthCall) -> OperationResponse? {
        guard case .loadSession = call else { return nil }
        do {
            guard case .known(let user) = try service.client.sessionAtHand() else { return nil }
            return .session(.success(session(of: user)))
        } catch {
            return .session(.failure(error))
        }
    }

    /// What the Navigator learns at start: the signed-in user and the values remembered for this backend.
    private func session(of user: User?) -> SessionSnapshot {
        SessionSnapshot(user: user, emailForLink: storage.string(forKey: AppStorageKey.emailLink),
                        provisionedUserID: storage.string(forKey: AppStorageKey.provisionedUser))
    }

    private func response(to call: AuthCall) async -> OperationResponse {
        switch call {
        case .loadSession:
            return .session(await result { () throws(AuthError) in
                session(of: try await service.client.currentUser())
            })
        case .signIn(let email, let password):
            return .signIn(await result { () throws(AuthError) in try await service.signIn(email: email, password: password) })
        case .createUser(let email, let password):
            return .signIn(await result { () throws(AuthError) in
                try await service.createUser(email: email, password: password)
            })
        case .sendPasswordRecoveryEmail(let email):
            return .passwordRecoveryEmailSent(await result { () throws(AuthError) in
                try await service.sendPasswordRecoveryEmail(email: email)
                return email
            })
        case .resetPassword(let codeOrLink, let newPassword):
            return .passwordReset(await result { () throws(AuthError) in
                try await service.resetPassword(codeOrLink: codeOrLink, newPassword: newPassword)
            })
        case .signOut:
            return .signedOut(await result { () throws(AuthError) in
                try await service.signOut()
                return true
            })
        case .loadInbox:
            return .inbox(await result { () throws(AuthError) in
                guard let inbox else { throw AuthError(.notImplemented, detail: "inbox") }
                return try await inbox.messages()
            })
        case .signInAnonymously:
            return .signIn(await result { () throws(AuthError) in try await service.signInAnonymously() })
        case .signInWithCredential(let credential):
            return .signIn(await result { () throws(AuthError) in try await service.signIn(with: credential) })
        case .replaceGuestAndSignIn(let credential):
            return .signIn(await result { () throws(AuthError) in try await service.replaceGuestAndSignIn(with: credential) })
        case .linkCredential(let credential):
            return .credentialLinked(await result { () throws(AuthError) in try await service.link(credential) })
        case .sendSignInLink(let email):
            return .signInLinkSent(await result { () throws(AuthError) in
                try await service.sendSignInLink(email: email)
                return email
            })
        case .fetchSignInMethods(let email):
            return .signInMethods(await result { () throws(AuthError) in try await service.fetchSignInMethods(email: email) })
        case .sendSecondFactorCode(let required, let hintUID):
            return .secondFactorCodeSent(await result { () throws(AuthError) in
                try await service.client.startPhoneMFASignIn(required, hintUID: hintUID)
            })
        case .resolveSecondFactor(let required, let assertion):
            return .signIn(await result { () throws(AuthError) in
                .signedIn(try await service.client.resolveSignIn(required, assertion: assertion))
            })
        case .sendEmailVerification:
            return .accountUpdated(await result { () throws(AuthError) in
                try await service.client.sendEmailVerification()
                return try await signedInUser()
            })
        case .applyActionCode(let codeOrLink):
            return .accountUpdated(await result { () throws(AuthError) in
                try await service.client.applyActionCode(OobCode.extract(from: codeOrLink))
                return try await service.client.reload()
            })
        case .updatePassword(let password):
            return .accountUpdated(await result { () throws(AuthError) in
                try await service.client.updatePassword(password)
                return try await signedInUser()
            })
        case .updateProfile(let displayName, let photoURL):
            return .accountUpdated(await result { () throws(AuthError) in
                try await service.client.updateProfile(displayName: displayName, photoURL: photoURL)
            })
        case .unlink(let providerID):
            return .accountUpdated(await result { () throws(AuthError) in try await service.client.unlink(providerID: providerID) })
        case .deleteAccount:
            return .signedOut(await result { () throws(AuthError) in
                try await service.client.deleteUser()
                return true
            })
        case .fetchSignInProvider:
            return .signInProvider(await result { () throws(AuthError) in try await service.client.idTokenResult().signInProvider })
        case .reauthenticate(let credential):
            return .signIn(await result { () throws(AuthError) in
                try await service.client.reauthenticate(with: credential)
            })
        case .beginBrowserSignIn(let button):
            return .browserSignInBegun(await result { () throws(AuthError) in
                try await requireBrowserSignIn().begin(button, client: service.client)
            })
        case .awaitBrowserReturn(let start):
            return .browserReturned(await result { () throws(AuthError) in
                try await requireBrowserSignIn().browserReturn(start)
            })
        case .beginDeviceSignIn(let button):
            return .deviceSignInBegun(await result { () throws(AuthError) in try await deviceSignIn.begin(button) })
        case .awaitDeviceApproval(let start):
            return .deviceApproved(await result { () throws(AuthError) in try await deviceSignIn.approval(start) })
        case .loadSecondFactors:
            return .secondFactors(await result { () throws(AuthError) in try await service.client.enrolledFactors() })
        case .removeSecondFactor(let uid):
            return .secondFactors(await result { () throws(AuthError) in
                try await service.client.unenroll(factorUID: uid)
                return try await service.client.enrolledFactors()
            })
        case .startPhoneEnrollment(let phoneNumber):
            return .enrollmentCodeSent(await result { () throws(AuthError) in
                let verificationID = try await service.client.startPhoneEnrollment(phoneNumber: phoneNumber)
                return PhoneCodeSent(verificationID: verificationID, phoneNumber: phoneNumber, sentAt: Date())
            })
        case .startTOTPEnrollment(let accountName, let issuer):
            return .totpEnrollmentStarted(await result { () throws(AuthError) in
                let secret = try await service.client.generateTOTPSecret(accountName: accountName, issuer: issuer)
                return TOTPEnrollmentStarted(secret: secret, startedAt: Date())
            })
        case .enrollSecondFactor(let assertion, let displayName):
            return .secondFactors(await result { () throws(AuthError) in
                try await service.client.enroll(assertion, displayName: displayName)
                return try await service.client.enrolledFactors()
            })
        case .verifyPhoneNumber(let phoneNumber):
            return .phoneCodeSent(await result { () throws(AuthError) in
                let verificationID = try await service.verifyPhoneNumber(phoneNumber)
                return PhoneCodeSent(verificationID: verificationID, phoneNumber: phoneNumber, sentAt: Date())
            })
        case .provision(let user):
            return .provisioned(await provision(user))
        }
    }

    /// The user of the session; an account call that left none signed in answers USER_NOT_FOUND.
    private func signedInUser() async throws(AuthError) -> User {
        guard let user = try await service.client.currentUser() else { throw AuthError(.userNotFound) }
        return user
    }

    /// The browser sign-in of a Firebase backend; OPERATION_NOT_ALLOWED where there is none.
    private func requireBrowserSignIn() throws(AuthError) -> BrowserSignInService {
        guard let browserSignIn else { throw AuthError(.operationNotAllowed, detail: "no browser sign-in here") }
        return browserSignIn
    }

    /// Opens an address in this machine's browser.
    public func openBrowser(_ address: String) {
        browserSignIn?.openBrowser(address)
    }

    /// Closes the listener of a browser sign-in nobody waits for.
    public func closeListener(_ start: BrowserSignIn.Start) {
        browserSignIn?.close(start)
    }

    /// Runs the configured provisioning command for `user`; the value is the user's id.
    private func provision(_ user: User) async -> Result<String, ProvisioningFailure> {
        guard let command = service.configuration.provisioning else { return .success(user.uid) }
        let idToken: String?
        do {
            idToken = try await service.client.idToken()
        } catch {
            return .failure(.backend(error.code))
        }
        return await ProvisioningCommand(command: command)
            .run(uid: user.uid, email: user.email, idToken: idToken).map { user.uid }
    }

    /// Remembers what outlives the run (the email-link address).
    public func remember(emailForLink email: String?) {
        storage.set(email, forKey: AppStorageKey.emailLink)
    }

    /// Remembers (or forgets) the user the provisioning command succeeded for, so it runs once per sign-in.
    public func remember(provisionedUser uid: String?) {
        storage.set(uid, forKey: AppStorageKey.provisionedUser)
    }

    /// Ends a session nobody waits for any more.
    public func discardSession() async {
        try? await service.signOut()
    }

    private func result<Value>(_ body: () async throws(AuthError) -> Value) async -> Result<Value, AuthError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
