import AuthCore

/// A browser hand-off begun (a provider's sign-in, a reCAPTCHA): the address the browser opens, the loopback
/// address its answer comes back to, and what it does with that answer.
public protocol BrowserHandoffStart: Hashable, Sendable {
    /// What the answer is for: a provider's sign-in, link or reauthentication; the call a project refused.
    associatedtype Purpose: Hashable, Sendable
    /// The address to open in a browser (shown as text and as a QR code).
    var openAddress: String { get }
    /// The loopback address the listener serves.
    var continueURI: String { get }
    /// The answer a pasted address carries for this hand-off; nil when it carries none (said under the field).
    func answer(pasted address: String) -> String?
    /// Goes on with the answer (caught by the listener, or pasted) for `purpose`.
    func proceed(with answer: String, for purpose: Purpose, in navigator: inout NavigatorState) -> [NavigatorEffect]
    /// What a failure of the listener (its timeout) is said to have happened during.
    func failureKind(for purpose: Purpose) -> OperationKind
}

/// The controls of a browser hand-off, in Tab order.
public enum BrowserHandoffControl: Hashable, Sendable {
    case openBrowserButton
    /// Copies the address to open to the terminal's clipboard (OSC 52).
    case copyAddressButton
    case addressField
    case continueButton
    case cancelButton
}

/// The screen both browser hand-offs share: "Open browser" where this machine can open one, "Copy address" where the
/// terminal takes text for its clipboard, the address a browser elsewhere ended on, Continue (once something is
/// pasted) and Cancel, while a listener on this machine waits for the browser's answer in the background.
public struct BrowserHandoff<Start: BrowserHandoffStart>: FormFeature {
    public typealias Control = BrowserHandoffControl

    public var start: Start
    /// What the answer is for.
    public let purpose: Start.Purpose
    /// Whether a browser can be opened on this machine (a display and a browser command).
    public let canOpenBrowser: Bool
    /// Whether the terminal takes text for its clipboard (OSC 52).
    public let canCopy: Bool
    /// Whether the address was sent to the clipboard.
    public var copied = false
    /// The operation waiting for the browser's answer; cancelling it closes the listener.
    public let waitOperationID: Int
    /// The address pasted from a browser on another machine.
    public var address = TextInput()
    public var focus: Control

    public init(start: Start, purpose: Start.Purpose, canOpenBrowser: Bool, canCopy: Bool = false,
                waitOperationID: Int) {
        self.start = start
        self.purpose = purpose
        self.canOpenBrowser = canOpenBrowser
        self.canCopy = canCopy
        self.waitOperationID = waitOperationID
        focus = canOpenBrowser ? .openBrowserButton : .addressField
    }

    public var controls: [Control] {
        (canOpenBrowser ? [.openBrowserButton] : []) + (canCopy ? [.copyAddressButton] : [])
            + [.addressField, .continueButton, .cancelButton]
    }

    public func kind(of control: Control) -> ControlKind {
        switch control {
        case .addressField: .textField(isSecure: false)
        case .continueButton: .button(isEnabled: !address.text.allSatisfy(\.isWhitespace))
        case .openBrowserButton, .copyAddressButton, .cancelButton: .button(isEnabled: true)
        }
    }

    public func text(of control: Control) -> WritableKeyPath<Self, TextInput>? {
        control == .addressField ? \.address : nil
    }

    public func validation(for control: Control) -> [ValidationResult] {
        guard control == .addressField else { return [] }
        return [ValidationResult(rule: .browserAddress, isSatisfied: start.answer(pasted: address.text) != nil)]
    }

    /// What Enter asks for.
    public enum Delegate: Hashable, Sendable {
        case openBrowser(String)
        /// Put the address to open on the terminal's clipboard.
        case copy(String)
        /// The pasted address carries this answer.
        case answered(String)
        case cancel
    }
}

extension BrowserHandoff: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> Delegate? {
        switch control {
        case .openBrowserButton:
            return .openBrowser(start.openAddress)
        case .copyAddressButton:
            copied = true
            return .copy(start.openAddress)
        case .addressField, .continueButton:
            guard let answer = start.answer(pasted: address.text) else {
                revealValidation(of: [.addressField])
                return nil
            }
            return .answered(answer)
        case .cancelButton:
            return .cancel
        }
    }

    public mutating func asked(_ request: Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .openBrowser(let address):
            return [.openBrowser(address)]
        case .copy(let address):
            return [.copyToClipboard(address)]
        case .answered(let answer):
            navigator.remove(id)
            return start.proceed(with: answer, for: purpose, in: &navigator)
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
        if let answer = response.output(String.self) {
            return start.proceed(with: answer, for: purpose, in: &navigator)
        }
        if let error = response.failure {
            navigator.present(AlertPresentation(.error(error.code, during: start.failureKind(for: purpose))))
        }
        return []
    }
}

extension BrowserHandoff {
    /// The listener is up and the address to open is known: show the hand-off, and wait for the browser meanwhile
    /// with `wait`.
    static func begun(_ begun: Start, for purpose: Start.Purpose, waiting wait: some BackendCall,
                      in navigator: inout NavigatorState) -> [NavigatorEffect] {
        let waiting = navigator.startInBackground(wait)
        navigator.push(BrowserHandoff(start: begun, purpose: purpose, canOpenBrowser: navigator.canOpenBrowser,
                                      canCopy: navigator.canCopyToClipboard, waitOperationID: waiting.id))
        return waiting.effects
    }
}

extension OperationResponse {
    /// The loopback address of the listener a call began a browser hand-off on, whatever the hand-off is for.
    var handoffListener: String? {
        output(BrowserSignIn.Start.self)?.continueURI ?? output(RecaptchaVerification.Start.self)?.continueURI
    }
}
