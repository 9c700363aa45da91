import AuthCore
import FoundationEssentials
import LocalAuth

/// An account as `accounts:lookup` reports it (Identity Toolkit's `UserInfo`).
enum UserInfo {
    /// The JSON of `account`.
    static func json(_ account: LocalAccount) -> [String: Any] {
        var user: [String: Any] = [
            "localId": account.uid,
            "emailVerified": account.isEmailVerified,
            "disabled": account.isDisabled,
            "createdAt": milliseconds(account.createdAt),
            "providerUserInfo": providers(of: account),
        ]
        if let email = account.email { user["email"] = email }
        if let initialEmail = account.initialEmail { user["initialEmail"] = initialEmail }
        if let name = account.displayName { user["displayName"] = name }
        if let phone = account.phoneNumber { user["phoneNumber"] = phone }
        if let photo = account.photoURL { user["photoUrl"] = photo }
        if let screenName = account.screenName { user["screenName"] = screenName }
        if let claims = account.customAttributes { user["customAttributes"] = claims }
        if let lastSignIn = account.lastSignInAt { user["lastLoginAt"] = milliseconds(lastSignIn) }
        if let updated = account.passwordUpdatedAt {
            user["passwordUpdatedAt"] = Double(EpochTime.milliseconds(updated))
        }
        if let validSince = account.validSince { user["validSince"] = String(EpochTime.seconds(validSince)) }
        if account.providerIDs.contains("emailLink") { user["emailLinkSignin"] = true }
        if let fake = account.importedPasswordHash?.emulatorFakeText {
            // Firebase's emulator shows its stand-in hashes, which hide nothing (the password is in them).
            user["passwordHash"] = fake.passwordHash
            user["salt"] = fake.salt
        }
        return user
    }

    /// `providerUserInfo`: one entry for email (password or link), one for the phone, one per identity.
    static func providers(of account: LocalAccount) -> [[String: Any]] {
        var providers: [[String: Any]] = []
        if let email = account.email, account.hasPassword || account.providerIDs.contains("emailLink") {
            var entry: [String: Any] = ["providerId": "password", "rawId": email, "federatedId": email,
                                        "email": email]
            if let name = account.displayName { entry["displayName"] = name }
            providers.append(entry)
        }
        if let phone = account.phoneNumber {
            providers.append(["providerId": "phone", "rawId": phone, "phoneNumber": phone])
        }
        for identity in account.identities {
            var entry: [String: Any] = ["providerId": identity.providerID, "rawId": identity.subject,
                                        "federatedId": identity.subject]
            let profile = ["email": identity.email, "displayName": identity.displayName,
                           "photoUrl": identity.photoURL, "screenName": identity.screenName]
            for case let (name, value?) in profile { entry[name] = value }
            providers.append(entry)
        }
        return providers
    }

    /// A moment as Identity Toolkit's int64 milliseconds string.
    private static func milliseconds(_ date: Date) -> String {
        String(EpochTime.milliseconds(date))
    }
}
