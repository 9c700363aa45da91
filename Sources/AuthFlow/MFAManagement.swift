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
        public var focus = Control.addButton

        public init(allowed: [SecondFactorType], factors: [MultiFactorInfo]? = nil) {
            self.allowed = allowed
            self.factors = factors
        }

        public var controls: [Control] { (factors ?? []).indices.map(Control.remove) + [.addButton] }

        public func kind(of control: Control) -> ControlKind {
            control == .addButton ? .button(isEnabled: !allowed.isEmpty && factors != nil) : .button(isEnabled: true)
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { nil }

        /// The list as the backend now has it; the focus stays on a row that still exists.
        mutating func show(_ factors: [MultiFactorInfo]) {
            self.factors = factors
            normalizeFocus()
        }
    }

    enum Delegate: Hashable {
        case confirmRemoval(MultiFactorInfo)
        case add
    }
}

extension MFAManagement.State {
    /// Enter on a control.
    func activate(_ control: Control) -> MFAManagement.Delegate? {
        switch control {
        case .remove(let index):
            return factors.flatMap { $0.indices.contains(index) ? .confirmRemoval($0[index]) : nil }
        case .addButton:
            return kind(of: .addButton) == .button(isEnabled: true) ? .add : nil
        }
    }
}

extension NavigatorState {
    /// The second-factor types people may enrol, in FirebaseUI's order (SMS, then authenticator app).
    var allowedSecondFactors: [SecondFactorType] {
        configuration.mfaEnabled ? SecondFactorType.allCases.filter(configuration.allowedSecondFactors.contains) : []
    }

    /// Opens factor management over the signed-in screen and loads the enrolled factors.
    mutating func openMFAManagement() -> [NavigatorEffect] {
        push(.mfaManagement(MFAManagement.State(allowed: allowedSecondFactors)))
        return start(.loadSecondFactors, as: .loadingSecondFactors)
    }

    mutating func mfaManagementAsked(_ request: MFAManagement.Delegate) -> [NavigatorEffect] {
        switch request {
        case .confirmRemoval(let factor):
            // Cancel comes first and has focus: Enter alone never removes a factor.
            present(.alert(AlertPresentation(.confirmSecondFactorRemoval(factor), buttons: [
                AlertButton(.cancel, .dismiss), AlertButton(.remove, .removeSecondFactor(uid: factor.uid)),
            ])))
        case .add:
            push(.mfaEnrollment(MFAEnrollment.State(allowed: allowedSecondFactors, country: defaultCountry,
                                                    canCopy: canCopyToClipboard)))
        }
        return []
    }

    /// The backend's list of factors after loading, removing or enrolling one.
    mutating func secondFactorsChanged(_ factors: [MultiFactorInfo], by kind: OperationKind) {
        if kind == .enrollingSecondFactor, case .mfaEnrollment? = path.last { path.removeLast() }
        guard case .mfaManagement(var management)? = path.last else { return }
        management.show(factors)
        path[path.count - 1] = .mfaManagement(management)
    }
}
