import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `SignedInView`: who is signed in, and Sign Out.
struct SignedInScreen {
    let state: NavigatorState
    let strings: Strings

    var column: FormColumn {
        var column = FormColumn(maxWidth: 56)
        column.add(Label(strings[.signedIn], role: .title, alignment: .center))
        let user = state.currentUser
        if let identity = user?.email ?? user?.displayName ?? user?.phoneNumber {
            column.add(Label(identity, role: .normal, alignment: .center))
        }
        if let uid = user?.uid {
            column.add(Label(strings.format(.userID, .string(uid)), role: .muted, alignment: .center))
        }
        let focused = state.focus == .signOutButton
        column.add(Button(strings[.signOut], isFocused: focused), focused: focused)
        return column
    }
}
