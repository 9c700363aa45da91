import FoundationEssentials
import AuthCore

/// The display name and photo URL of the account, edited and saved (FirebaseUI's `updateProfile`).
public enum UpdateProfile {
    public enum Control: Hashable, Sendable {
        case displayNameField
        case photoURLField
        case saveButton
    }

    public struct State: FormFeature {
        public typealias Control = UpdateProfile.Control

        public var displayName: TextInput
        public var photoURL: TextInput
        public var focus = Control.displayNameField

        public init(user: User?) {
            displayName = TextInput(user?.displayName ?? "")
            photoURL = TextInput(user?.photoURL ?? "")
        }

        public var controls: [Control] { [.displayNameField, .photoURLField, .saveButton] }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .displayNameField, .photoURLField: .textField(isSecure: false)
            case .saveButton: .button(isEnabled: passes([.photoURLField]))
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            switch control {
            case .displayNameField: \.displayName
            case .photoURLField: \.photoURL
            case .saveButton: nil
            }
        }

        public func validation(for control: Control) -> [ValidationResult] {
            control == .photoURLField ? [ValidationResult(rule: .photoURL, isSatisfied: isValidPhotoURL)] : []
        }

        /// Empty (no photo) or an absolute http(s) URL with a host.
        public var isValidPhotoURL: Bool {
            let text = trimmed(photoURL)
            guard !text.isEmpty else { return true }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host?.isEmpty == false else { return false }
            return true
        }

        private func trimmed(_ input: TextInput) -> String { input.text.trimmingWhitespace() }

        /// A field left empty removes its value.
        var values: (displayName: String?, photoURL: String?) {
            let name = trimmed(displayName), url = trimmed(photoURL)
            return (name.isEmpty ? nil : name, url.isEmpty ? nil : url)
        }
    }

    public enum Delegate: Hashable, Sendable {
        case save(displayName: String?, photoURL: String?)
    }
}

extension UpdateProfile.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> UpdateProfile.Delegate? {
        guard control == .saveButton || advance(from: control) else { return nil }
        guard passes([.photoURLField]) else {
            revealValidation(of: [.photoURLField])
            return nil
        }
        return .save(displayName: values.displayName, photoURL: values.photoURL)
    }
}

extension UpdateProfile.State {
    public func asked(_ request: UpdateProfile.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .save(let displayName, let photoURL):
            navigator.start(AuthCall.UpdateProfile(displayName: displayName, photoURL: photoURL))
        }
    }

    /// Saved: the account shows it, and the alert leads back there.
    public func receive(_ response: OperationResponse, to operation: Operation, in navigator: inout NavigatorState,
                        as id: ElementID) -> [NavigatorEffect]? {
        guard let user = response.output(User.self) else { return nil }
        navigator.showAccount(user)
        navigator.present(AlertPresentation(.profileUpdated, then: .returnToAccount))
        return []
    }
}
