import FoundationEssentials
import AuthCore

/// The root screen, a route or a layer, with its own reducer (TCA's `Reducer`, scoped to one element): what it does
/// with a person's input while it takes the keys, with the answers to the calls it started and with the clock, and
/// the keys it takes, declared beside (huh's `KeyBinds()`).
///
/// The Navigator hands each event to the one element it concerns and passes that element's `id`, which the calls
/// it starts record. While a feature reduces, its own state is `self`: it changes the rest through `navigator`.
public protocol Feature: Hashable, Sendable {
    /// A person's input while the feature takes the keys.
    mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect]
    /// The answer to a call the feature started; nil leaves it to what every element does (a failure's alert, the
    /// inbox shown).
    mutating func receive(_ response: OperationResponse, to operation: Operation, in navigator: inout NavigatorState,
                          as id: ElementID) -> [NavigatorEffect]?
    /// The answer to one of `backgroundOperations`.
    mutating func receiveInBackground(_ response: OperationResponse, in navigator: inout NavigatorState,
                                      as id: ElementID) -> [NavigatorEffect]
    /// The keys that act now, most useful first.
    func keyBindings(in navigator: NavigatorState) -> [KeyBinding]
    /// The run loop's clock; false when nothing shown changes (an idle screen stays unchanged).
    mutating func tick(_ date: Date) -> Bool
    /// The calls that run in the background while the feature shows (a browser's return), without a busy layer;
    /// they stop when it goes.
    var backgroundOperations: [Int] { get }
    /// Whether Enter on an inbox message opened over the feature does something with it.
    func canUse(_ message: OutboxMessage, in navigator: NavigatorState) -> Bool
    /// Enter on an inbox message opened over the feature (the inbox has closed).
    mutating func use(_ message: OutboxMessage, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect]
    /// A credential it sent was refused with `code`: a secret typed in it is cleared for the next try.
    mutating func credentialRejected(_ code: AuthErrorCode)
    /// What an alert the feature presented does when one of its buttons (or Esc) is chosen.
    mutating func perform(_ action: AlertAction, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect]
    /// The feature's form, or nil for layers that are not forms (the busy indicator, an alert, the inbox).
    var form: (any FormFeature)? { get }
}

extension Feature {
    public func isEqual(to other: any Feature) -> Bool { (other as? Self) == self }

    public mutating func receive(_ response: OperationResponse, to operation: Operation,
                                 in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect]? { nil }

    public mutating func receiveInBackground(_ response: OperationResponse, in navigator: inout NavigatorState,
                                             as id: ElementID) -> [NavigatorEffect] { [] }

    public mutating func tick(_ date: Date) -> Bool { false }

    public var backgroundOperations: [Int] { [] }

    public func canUse(_ message: OutboxMessage, in navigator: NavigatorState) -> Bool {
        navigator.canUseOnScreen(message)
    }

    public mutating func use(_ message: OutboxMessage, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        navigator.useOnScreen(message)
    }

    public mutating func credentialRejected(_ code: AuthErrorCode) {}

    public mutating func perform(_ action: AlertAction, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        navigator.perform(action, for: id)
    }

    public var form: (any FormFeature)? { nil }
}

extension Feature where Self: FormFeature {
    public var form: (any FormFeature)? { self }
}

/// A form whose controls ask for something on Enter (its `Delegate`), which the feature then does: every screen
/// and sheet. Typing, Tab and Enter reach the form; Esc, F2 and Ctrl-R do what a screen does with them unless the
/// feature says otherwise.
public protocol FormReducer: Feature, FormFeature {
    associatedtype Delegate
    /// Enter on a control: what the feature is asked for, if anything.
    mutating func activate(_ control: Control) -> Delegate?
    /// Does what Enter asked for.
    mutating func asked(_ request: Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect]
}

extension FormReducer {
    /// A screen's input: Esc goes back, F2 opens the inbox, Ctrl-R shows a password; the rest goes to the form.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch input {
        case .backRequested: navigator.goBack()
        case .inboxToggled: navigator.openInbox()
        case .passwordRevealToggled: navigator.reveal(self)
        case .edited, .focusMovedForward, .focusMovedBackward, .activated, .selectionMoved:
            drive(input, in: &navigator, as: id)
        }
    }

    /// A screen's keys: its form's, Esc (back, or quit at the root) and F2.
    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        formBindings(in: navigator) + navigator.screenBindings
    }

    /// Feeds input to the form; Enter on a control becomes what the feature asks for, and is done.
    mutating func drive(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        guard case .activated(let control) = apply(input), let request = activate(control) else { return [] }
        return asked(request, in: &navigator, as: id)
    }
}
