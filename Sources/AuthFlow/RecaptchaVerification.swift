import AuthCore

/// A project that asks for a reCAPTCHA before it texts a code: the call it refused (MISSING_RECAPTCHA_TOKEN) waits
/// while the challenge is solved in a browser, on a page the app's loopback listener serves (the emulator's
/// stand-in page there), and runs again, once, with the token the browser brings back or the address pasted.
public enum RecaptchaVerification {
    /// The browser hand-off's controls: Open browser, the pasted address, Continue, Cancel.
    public typealias Control = BrowserSignIn.Control

    /// A challenge begun: the page to open and where the browser comes back with the answer.
    public struct Start: Hashable, Sendable {
        /// The address to open: the listener's page, which shows the challenge.
        public var pageURI: String
        /// The loopback address the listener serves.
        public var continueURI: String
        /// The `state` the answer must bring back.
        public var expectedState: String

        public init(pageURI: String, continueURI: String, expectedState: String) {
            self.pageURI = pageURI
            self.continueURI = continueURI
            self.expectedState = expectedState
        }

        /// What `address` (the listener's catch, or pasted) says about this challenge.
        public func reading(of address: String) -> RecaptchaChallenge.Reading {
            RecaptchaChallenge.read(address, expectedState: expectedState)
        }
    }

    public struct State: BrowserHandoffFeature {

        public var start: Start
        /// The call the project refused, which runs again with the answer.
        public let refused: Operation
        /// Whether a browser can be opened on this machine.
        public let canOpenBrowser: Bool
        /// The operation waiting for the browser's answer; cancelling it closes the listener.
        public let waitOperationID: Int
        public var address = TextInput()
        public var focus: Control

        public init(start: Start, refused: Operation, canOpenBrowser: Bool, waitOperationID: Int) {
            self.start = start
            self.refused = refused
            self.canOpenBrowser = canOpenBrowser
            self.waitOperationID = waitOperationID
            focus = canOpenBrowser ? .openBrowserButton : .addressField
        }

        public func validation(for control: Control) -> [ValidationResult] {
            guard control == .addressField else { return [] }
            let isAnswer = if case .answered = start.reading(of: address.text) { true } else { false }
            return [ValidationResult(rule: .browserAddress, isSatisfied: isAnswer)]
        }
    }

    public enum Delegate: Hashable, Sendable {
        case openBrowser(String)
        /// The pasted address answers the challenge with this token.
        case solved(token: String)
        case cancel
    }
}

extension RecaptchaVerification.State: FormReducer {
    public mutating func activate(_ control: Control) -> RecaptchaVerification.Delegate? {
        switch control {
        case .openBrowserButton:
            return .openBrowser(start.pageURI)
        case .addressField, .continueButton:
            guard case .answered(let token) = start.reading(of: address.text) else {
                revealValidation(of: [.addressField])
                return nil
            }
            return .solved(token: token)
        case .cancelButton:
            return .cancel
        }
    }

    public mutating func asked(_ request: RecaptchaVerification.Delegate, in navigator: inout NavigatorState,
                               as id: ElementID) -> [NavigatorEffect] {
        switch request {
        case .openBrowser(let address):
            return [.openBrowser(address)]
        case .solved(let token):
            navigator.remove(id)
            return RecaptchaVerification.replay(refused, with: token, in: &navigator)
        case .cancel:
            navigator.remove(id)
            return []
        }
    }

    /// The listener waits for the browser while the screen shows.
    public var backgroundOperations: [Int] { [waitOperationID] }

    /// The listener caught the answer, or gave up (timeout).
    public mutating func receiveInBackground(_ response: OperationResponse, in navigator: inout NavigatorState,
                                             as id: ElementID) -> [NavigatorEffect] {
        navigator.waitAnswered(id)
        if let token = response.output(String.self) {
            return RecaptchaVerification.replay(refused, with: token, in: &navigator)
        }
        if let error = response.failure {
            navigator.present(AlertPresentation(.error(error.code, during: refused.kind)))
        }
        return []
    }
}

/// A call a project may refuse until a reCAPTCHA is solved, which can run again with the answer.
public protocol RecaptchaProtectedCall: BackendCall {
    /// The solved challenge's token this call sends; nil before one is asked for.
    var recaptchaToken: String? { get }
    /// The same call, sending `token`.
    func sending(recaptchaToken token: String) -> Self
    /// What the reCAPTCHA protects here, which decides the challenge (reCAPTCHA Enterprise or v2).
    var recaptchaAction: RecaptchaAction { get }
}

extension RecaptchaVerification {
    /// The steps answer here, whoever started them: a refused call without a token begins a challenge, and the
    /// challenge begun shows its screen over the element that made the call. Nil for other answers.
    static func step(_ response: OperationResponse, of operation: Operation,
                     in navigator: inout NavigatorState) -> [NavigatorEffect]? {
        if let begin = operation.call.base as? AuthCall.BeginRecaptcha {
            guard let begun = response.output(Start.self) else { return nil }
            let wait = navigator.startInBackground(AuthCall.AwaitRecaptchaAnswer(begun))
            navigator.push(State(start: begun, refused: begin.refused, canOpenBrowser: navigator.canOpenBrowser,
                                 waitOperationID: wait.id))
            return wait.effects
        }
        guard response.failure?.code == .missingRecaptchaToken,
              let call = operation.call.base as? any RecaptchaProtectedCall, call.recaptchaToken == nil
        else { return nil }
        return navigator.start(AuthCall.BeginRecaptcha(refusing: operation), by: operation.owner)
    }

    /// The refused call runs again, once, with `token`, for the element that made it and with its purpose.
    fileprivate static func replay(_ refused: Operation, with token: String, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        guard let call = refused.call.base as? any RecaptchaProtectedCall else { return [] }
        return navigator.start(AuthCall(call.sending(recaptchaToken: token)), purpose: refused.purpose,
                               by: refused.owner)
    }
}
