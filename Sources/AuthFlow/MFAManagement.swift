import AuthCore

/// FirebaseUI's `MFAManagementView`: the enrolled second factors, each removable after a confirmation, and
/// a way to add one.
public enum MFAManagement {
    public enum Control: Hashable, Sendable {
        /// "Remove" under enrolled factor `index`.
        case remove(Int)
        /// FirebaseUI's "Set Up Two-Factor Authentication" / "Add Another Method".
        case addButton
    }

    public struct State: FormFeature {
        public typealias Control = MFAManagement.Control

        /// The enrolled factors, oldest first; nil until the backend answered.
        public var factors: [MultiFactorInfo]?
        /// The kinds of factor this app lets people add (none when MFA is off).
        public let allowed: [SecondFactorType]
        /// Why the account cannot add a factor, as the backend would refuse it (no email, or an unverified one);
        /// nil when it can. The screen says so instead of offering a set-up that fails two screens later.
        public let enrolmentRefusal: AuthErrorCode?
        public var focus = Control.addButton

        public init(allowed: [SecondFactorType], factors: [MultiFactorInfo]? = nil,
                    enrolmentRefusal: AuthErrorCode? = nil) {
            self.allowed = allowed
            self.factors = factors
            self.enrolmentRefusal = enrolmentRefusal
        }

        public var controls: [Control] { (factors ?? []).indices.map(Control.remove) + [.addButton] }

        public func kind(of control: Control) -> ControlKind {
            control == .addButton ? .button(isEnabled: !allowed.isEmpty && factors != nil && enrolmentRefusal == nil)
                : .button(isEnabled: true)
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { nil }

        /// The list as the backend now has it; the focus stays on a row that still exists.
        mutating func show(_ factors: [MultiFactorInfo]) {
            self.factors = factors
            normalizeFocus()
        }
    }

    public enum Delegate: Hashable, Sendable {
        case confirmRemoval(MultiFactorInfo)
        case add
    }
}

extension MFAManagement.State: FormReducer {
    /// Enter on a control.
    public func activate(_ control: Control) -> MFAManagement.Delegate? {
        switch control {
        case .remove(let index):
            return factors.flatMap { $0.indices.contains(index) ? .confirmRemoval($0[index]) : nil }
        case .addButton:
            return kind(of: .addButton) == .button(isEnabled: true) ? .add : nil
        }
    }
}


extension MFAManagement.State {
    public func asked(_ request: MFAManagement.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .confirmRemoval(let factor):
            // Cancel comes first and has focus: Enter alone never removes a factor.
            let remove = AlertButton(.remove, .start(AuthCall.RemoveSecondFactor(uid: factor.uid)))
            navigator.present(AlertPresentation(.confirmSecondFactorRemoval(factor),
                                                buttons: [AlertButton(.cancel, .dismiss), remove]))
        case .add:
            navigator.push(MFAEnrollment.State(allowed: MFAManagement.allowed(by: navigator.configuration),
                                               country: navigator.defaultCountry,
                                               canCopy: navigator.canCopyToClipboard))
        }
        return []
    }

    /// The backend's list after loading or removing a factor.
    public func receive(_ response: OperationResponse, to operation: Operation, in navigator: inout NavigatorState,
                        as id: ElementID) -> [NavigatorEffect]? {
        guard let factors = response.output([MultiFactorInfo].self) else { return nil }
        MFAManagement.factorsChanged(factors, in: &navigator)
        return []
    }
}

extension MFAManagement {
    /// The second-factor types people may enrol, in FirebaseUI's order (SMS, then authenticator app).
    static func allowed(by configuration: AuthConfiguration) -> [SecondFactorType] {
        configuration.mfaEnabled ? SecondFactorType.allCases.filter(configuration.allowedSecondFactors.contains) : []
    }

    /// Opens factor management over the signed-in screen and loads the enrolled factors.
    static func open(in navigator: inout NavigatorState) -> [NavigatorEffect] {
        navigator.push(State(allowed: allowed(by: navigator.configuration),
                             enrolmentRefusal: enrolmentRefusal(for: navigator.currentUser)))
        return navigator.start(AuthCall.LoadSecondFactors())
    }

    /// What the backend answers when `user` tries to enrol (issue 31 item 20): UNSUPPORTED_FIRST_FACTOR without
    /// an email, UNVERIFIED_EMAIL with an unverified one; nil when it may.
    static func enrolmentRefusal(for user: User?) -> AuthErrorCode? {
        guard user?.email != nil else { return .unsupportedFirstFactor }
        return user?.isEmailVerified == true ? nil : .unverifiedEmail
    }

    /// The backend's list of factors after loading, removing or enrolling one: the account screen counts them,
    /// and the management screen lists them.
    static func factorsChanged(_ factors: [MultiFactorInfo], in navigator: inout NavigatorState) {
        if case .signedIn(var account) = navigator.root {
            account.secondFactorCount = factors.count
            navigator.root = .signedIn(account)
        }
        for id in navigator.path.ids {
            guard var management = navigator.path[id: id]?.feature as? State else { continue }
            management.show(factors)
            navigator.path[id: id] = Route(management)
        }
    }
}
