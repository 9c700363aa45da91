import AuthCore

/// FirebaseUI's `SignedInView`: who is signed in, the state of the account and what can be done with it.
public enum SignedIn {
    public enum Control: Hashable, Sendable {
        case verifyEmailButton
        /// Where the link from the verification email is pasted, once one was sent.
        case verificationLinkField
        case verifyLinkButton
        case updatePasswordButton
        case updateProfileButton
        case manageMFAButton
        /// Adds a configured sign-in method the account lacks.
        case linkButton(AuthProvider)
        /// Removes a linked method; offered only while another one remains.
        case unlinkButton(providerID: ProviderID)
        case deleteAccountButton
        case signOutButton
    }

    public struct State: FormFeature {
        public typealias Control = SignedIn.Control

        public var user: User
        /// The configured sign-in methods, in registration order.
        public let methods: [AuthProvider]
        /// Whether second factors can be managed (the configuration's `mfaEnabled`).
        public let showsMFAManagement: Bool
        /// Whether a verification email went out: the field for its link shows.
        public var isVerificationSent = false
        public var verificationLink = TextInput()
        /// How many second factors are enrolled, once read (only when second factors are offered).
        public var secondFactorCount: Int?
        /// The user the provisioning command succeeded for (remembered across runs): signing out forgets it.
        public let provisionedUserID: String?
        public var focus: Control

        public init(user: User, methods: [AuthProvider], showsMFAManagement: Bool, provisionedUserID: String? = nil) {
            self.user = user
            self.methods = methods
            self.showsMFAManagement = showsMFAManagement
            self.provisionedUserID = provisionedUserID
            focus = .signOutButton
            focus = controls.first ?? .signOutButton
        }

        /// Whether the account has an email that is not verified yet.
        public var needsEmailVerification: Bool { user.email != nil && !user.isEmailVerified }

        /// Configured methods that can still be linked: email and password, phone, identity providers.
        public var linkableMethods: [AuthProvider] {
            methods.filter { method in
                guard method != .emailLink, method != .anonymous else { return false }
                return !user.providers.contains(method.providerID)
            }
        }

        /// Linked methods that may be removed: none while only one is left.
        public var unlinkableProviderIDs: [ProviderID] { user.providers.count > 1 ? user.providers : [] }

        public var controls: [Control] {
            var order: [Control] = []
            if needsEmailVerification {
                order.append(.verifyEmailButton)
                if isVerificationSent { order += [.verificationLinkField, .verifyLinkButton] }
            }
            if user.providers.contains(.password) { order.append(.updatePasswordButton) }
            order.append(.updateProfileButton)
            if showsMFAManagement { order.append(.manageMFAButton) }
            order += linkableMethods.map(Control.linkButton)
            order += unlinkableProviderIDs.map(Control.unlinkButton)
            return order + [.deleteAccountButton, .signOutButton]
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .verificationLinkField: .textField(isSecure: false)
            case .verifyLinkButton: .button(isEnabled: !verificationLink.text.allSatisfy(\.isWhitespace))
            default: .button(isEnabled: true)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            control == .verificationLinkField ? \.verificationLink : nil
        }

        /// The account as the backend now has it; focus stays where it was when that control is still shown.
        mutating func update(_ user: User) {
            self.user = user
            if user.isEmailVerified {
                isVerificationSent = false
                verificationLink = TextInput()
            }
            normalizeFocus()
        }
    }

    public enum Delegate: Hashable, Sendable {
        case sendEmailVerification
        case verifyEmail(codeOrLink: String)
        case updatePassword
        case updateProfile
        /// Opens the management of second factors (FirebaseUI's `mfaManagement` route).
        case manageMFA
        case link(AuthProvider)
        case unlink(providerID: ProviderID)
        case deleteAccount
        case signOut
    }
}

extension SignedIn.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> SignedIn.Delegate? {
        switch control {
        case .verifyEmailButton: return .sendEmailVerification
        case .verificationLinkField, .verifyLinkButton:
            let link = verificationLink.text.filter { !$0.isWhitespace }
            guard !link.isEmpty else {
                focus = .verificationLinkField
                return nil
            }
            return .verifyEmail(codeOrLink: link)
        case .updatePasswordButton: return .updatePassword
        case .updateProfileButton: return .updateProfile
        case .manageMFAButton: return .manageMFA
        case .linkButton(let method): return .link(method)
        case .unlinkButton(let providerID): return .unlink(providerID: providerID)
        case .deleteAccountButton: return .deleteAccount
        case .signOutButton: return .signOut
        }
    }

    /// The verification email went out: its link can be pasted.
    mutating func verificationSent() {
        guard needsEmailVerification else { return }
        isVerificationSent = true
        focus = .verificationLinkField
    }
}

extension SignedIn.State {
    public mutating func asked(_ request: SignedIn.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .sendEmailVerification:
            return navigator.start(AuthCall.SendEmailVerification())
        case .verifyEmail(let codeOrLink):
            return navigator.start(AuthCall.ApplyActionCode(codeOrLink: codeOrLink))
        case .updatePassword:
            navigator.push(UpdatePassword.State(linkingEmail: nil))
        case .updateProfile:
            navigator.push(UpdateProfile.State(user: navigator.currentUser))
        case .manageMFA:
            return MFAManagement.open(in: &navigator)
        case .link(let method):
            return link(method, in: &navigator)
        case .unlink(let providerID):
            navigator.present(AlertPresentation(.confirmUnlink(providerID: providerID), buttons: [
                AlertButton(.cancel, .dismiss),
                AlertButton(.unlink, .start(AuthCall.Unlink(providerID: providerID))),
            ]))
        case .deleteAccount:
            // Cancel comes first, so Enter alone never deletes.
            navigator.present(AlertPresentation(.confirmDeleteAccount, buttons: [
                AlertButton(.cancel, .dismiss), AlertButton(.deleteAccount, .start(AuthCall.DeleteAccount())),
            ]))
        case .signOut:
            return navigator.start(AuthCall.SignOut())
        }
        return []
    }

    /// "Link …": a form, a phone number or the provider (`IdentityProviderHandoff`); what they produce is linked, not
    /// signed in.
    private func link(_ method: AuthProvider, in navigator: inout NavigatorState) -> [NavigatorEffect] {
        switch method {
        case .email:
            navigator.push(UpdatePassword.State(linkingEmail: navigator.currentUser?.email ?? ""))
        case .phone:
            navigator.push(EnterPhoneNumber.State(country: navigator.defaultCountry))
        case .identityProvider(let button):
            return IdentityProviderHandoff.begin(button, for: .link, email: navigator.currentUser?.email ?? "",
                                                 in: &navigator)
        case .emailLink, .anonymous:
            break
        }
        return []
    }

    /// The root's answers (FirebaseUI's `AuthPickerView` owns the session whichever screen it shows).
    public mutating func receive(_ response: OperationResponse, to operation: Operation,
                                 in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect]? {
        navigator.receiveAtRoot(response, of: operation)
    }
}

extension NavigatorState {
    /// The account screen's state for `user`, when that screen is the root.
    mutating func showAccount(_ user: User) {
        currentUser = user
        guard authenticationState == .authenticated else { return }
        if case .signedIn(var account) = root {
            account.update(user)
            root = .signedIn(account)
        } else {
            root = .signedIn(SignedIn.State(user: user, methods: providers,
                                             showsMFAManagement: configuration.mfaEnabled))
        }
    }
}

extension SignedIn {
    /// An account call of the account screen succeeded: it shows the account as it is now and says what happened.
    static func accountUpdated(_ user: User, by call: any BackendCall, in navigator: inout NavigatorState) {
        navigator.showAccount(user)
        if call is AuthCall.SendEmailVerification {
            if case .signedIn(var account) = navigator.root {
                account.verificationSent()
                navigator.root = .signedIn(account)
            }
            navigator.present(AlertPresentation(.emailVerificationSent(email: user.email ?? "")))
        }
        if call is AuthCall.ApplyActionCode {
            navigator.present(AlertPresentation(.emailVerified(email: user.email ?? "")))
        }
        if let unlink = call as? AuthCall.Unlink {
            navigator.present(AlertPresentation(.methodUnlinked(providerID: unlink.providerID)))
        }
    }
}
