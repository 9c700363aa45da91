import AuthCore

extension AuthCall {
    /// Asks the project for its reCAPTCHA and serves the challenge on a loopback listener, for a call it refused.
    public struct BeginRecaptcha: BackendCall {
        /// The call the project refused, which runs again with the answer.
        public let refused: Operation

        public init(refusing refused: Operation) {
            self.refused = refused
        }

        public var kind: OperationKind { .beginningBrowserSignIn }
        public var canBeAbandoned: Bool { true }
        public var description: String { "beginRecaptcha(for: \(refused.call))" }

        public func run(in context: CallContext) async throws(AuthError) -> RecaptchaVerification.Start {
            guard let recaptcha = context.recaptcha else {
                throw AuthError(.missingRecaptchaToken, detail: "no browser to solve a reCAPTCHA in here")
            }
            guard let call = refused.call.base as? any RecaptchaProtectedCall else {
                throw AuthError(.internalError, detail: "\(refused.call) is not protected by reCAPTCHA")
            }
            return try await recaptcha.begin(try await context.service.recaptchaChallenge(for: call.recaptchaAction))
        }
    }

    /// Waits (without a busy layer) for the browser to bring the challenge's answer to the listener; answers the
    /// token.
    public struct AwaitRecaptchaAnswer: BackendCall {
        public let start: RecaptchaVerification.Start

        public init(_ start: RecaptchaVerification.Start) {
            self.start = start
        }

        public var kind: OperationKind { .beginningBrowserSignIn }
        public var canBeAbandoned: Bool { true }
        public var description: String { "awaitRecaptchaAnswer" }

        public func run(in context: CallContext) async throws(AuthError) -> String {
            guard let recaptcha = context.recaptcha else {
                throw AuthError(.webContextCancelled, detail: "no listener for \(start.continueURI)")
            }
            return try await recaptcha.answer(start)
        }
    }
}
