import FoundationEssentials
import AuthCore
import AuthFlow

/// Runs the Navigator's calls against the auth service and the app's services, and does its other effects.
///
/// Each call declares how it runs (`BackendCall.run`); the runner only gives it what it runs against.
public struct EffectRunner: Sendable {
    public let service: AuthService
    /// Values remembered between runs.
    public let storage: any AppStorage
    /// Browser sign-ins with identity providers, on backends that offer them.
    public let browserSignIn: BrowserSignInService?
    /// What the calls run against.
    private let context: CallContext

    public init(service: AuthService, inbox: (any MessageInbox)?, storage: any AppStorage,
                browserSignIn: BrowserSignInService? = nil) {
        self.service = service
        self.storage = storage
        self.browserSignIn = browserSignIn
        context = CallContext(service: service, inbox: inbox, remembered: RememberedStorage(storage: storage),
                              browserSignIn: browserSignIn, deviceSignIn: DeviceSignInService(),
                              provisioner: service.configuration.provisioning.map(ProvisioningCommand.init),
                              recaptcha: browserSignIn?.recaptcha)
    }

    /// Performs one call and returns the event that reports its result.
    public func run(_ call: AuthCall, operationID id: Int) async -> NavigatorEvent {
        .responded(operationID: id, await call.run(in: context))
    }

    /// The response to `call` when the backend can give it at once (the session, when local state tells it: see
    /// `SessionAtHand`); nil for every other call, which runs as a task.
    public func immediateResponse(to call: AuthCall) -> OperationResponse? {
        call.answerAtOnce(in: context)
    }

    /// Opens an address in this machine's browser.
    public func openBrowser(_ address: String) {
        browserSignIn?.openBrowser(address)
    }

    /// Closes the listener at `continueURI` of a browser hand-off nobody waits for.
    public func closeListener(_ continueURI: String) {
        browserSignIn?.close(listenerAt: continueURI)
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
}

/// The values a session is read with, from the app's storage.
private struct RememberedStorage: RememberedValues {
    let storage: any AppStorage

    var emailForLink: String? { storage.string(forKey: AppStorageKey.emailLink) }
    var provisionedUserID: String? { storage.string(forKey: AppStorageKey.provisionedUser) }
}
