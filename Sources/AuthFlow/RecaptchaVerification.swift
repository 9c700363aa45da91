import AuthCore

/// A project that asks for a reCAPTCHA before it texts a code: the call it refused (MISSING_RECAPTCHA_TOKEN) waits
/// while the challenge is solved in a browser, on a page the app's loopback listener serves (the emulator's
/// stand-in page there), and runs again, once, with the token the browser brings back or the address pasted.
public enum RecaptchaVerification {
    /// The browser hand-off's controls: Open browser, the pasted address, Continue, Cancel.
    public typealias Control = BrowserHandoffControl
    /// The hand-off screen, for the call the project refused (`refused`).
    public typealias State = BrowserHandoff<Start>

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
}

extension RecaptchaVerification.Start: BrowserHandoffStart {
    /// The listener's page, which shows the challenge.
    public var openAddress: String { pageURI }

    /// The token a pasted address carries for this challenge.
    public func answer(pasted address: String) -> String? {
        guard case .answered(let token) = reading(of: address) else { return nil }
        return token
    }

    /// The refused call runs again, once, with the token.
    public func proceed(with token: String, for refused: Operation, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        RecaptchaVerification.replay(refused, with: token, in: &navigator)
    }

    public func failureKind(for refused: Operation) -> OperationKind { refused.kind }
}

extension BrowserHandoff where Start == RecaptchaVerification.Start {
    /// The call the project refused, which runs again with the answer.
    public var refused: Operation { purpose }

    public init(start: Start, refused: Operation, canOpenBrowser: Bool, canCopy: Bool = false, waitOperationID: Int) {
        self.init(start: start, purpose: refused, canOpenBrowser: canOpenBrowser, canCopy: canCopy,
                  waitOperationID: waitOperationID)
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
            return State.begun(begun, for: begin.refused, waiting: AuthCall.AwaitRecaptchaAnswer(begun),
                               in: &navigator)
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
