import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `SignedInView`: who is signed in, and Sign out.
struct SignedInScreen {
    let signedIn: SignedIn.State
    let state: NavigatorState
    let strings: Strings

    var column: FormColumn {
        var header: [any Widget] = [Label(strings[.signedIn], role: .title, alignment: .center)]
        let user = state.currentUser
        if let identity = user?.email ?? user?.displayName ?? user?.phoneNumber {
            header.append(Label(identity, role: .normal, alignment: .center))
        }
        if let uid = user?.uid {
            header.append(Label(strings.format(.userID, .string(uid)), role: .muted, alignment: .center))
        }
        return FormBuilder(form: signedIn, strings: strings, isRevealed: false, showsFocus: state.presentation.isEmpty).column(header: header) { control in
            switch control {
            case .manageMFAButton: .button(strings[.manageTwoFactorAuthentication])
            case .signOutButton: .button(strings[.signOut])
            }
        }
    }
}
