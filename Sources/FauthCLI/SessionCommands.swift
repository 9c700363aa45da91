import AuthCore
import AuthScreens
import FauthTUI
import FoundationEssentials
import Localization
import TerminalUI

/// `fauth-tui status` (alias `whoami`), `signout` and `token`: the stored session without the interface. Nothing
/// here prompts, and only `token`, whose purpose it is, prints a secret.
enum SessionCommands {
    /// Prints who is signed in, on which backend, how, and with which factors; `--json` prints one object.
    /// Exit 0 when someone (a guest too) is signed in, 1 when nobody is or the backend fails.
    static func status(_ backend: Backend, backendName: String, json: Bool, strings: Strings,
                       console: Console) async -> Int32 {
        do {
            guard let user = try await backend.client.currentUser() else {
                if json { print(#"{"signedIn":false}"#) } else { console.printError(strings[.statusNobody]) }
                return 1
            }
            let token = try await backend.client.idTokenResult()
            let factors: [MultiFactorInfo]?  // nil where the backend cannot tell (NOT_IMPLEMENTED)
            do {
                factors = try await backend.client.enrolledFactors()
            } catch where error.code == .notImplemented {
                factors = nil
            }
            if json {
                print(jsonStatus(user, token: token, factors: factors, backend: backend.location))
            } else {
                console.printOut(textStatus(user, token: token, factors: factors, backend: backendName, strings: strings))
            }
            return 0
        } catch {
            console.printError(failure(error, strings: strings))
            return 1
        }
    }

    /// Prints a current ID token (refreshed when it expires within five minutes, or with `--force-refresh`) and
    /// nothing else on standard output. Exit 1 when nobody is signed in or the backend fails.
    static func token(_ backend: Backend, forceRefresh: Bool, strings: Strings, console: Console) async -> Int32 {
        do {
            print(try await backend.tokens.idToken(forceRefresh: forceRefresh))
            return 0
        } catch where error.code == .userNotFound {
            console.printError(strings[.statusNobody])
            return 1
        } catch {
            console.printError(failure(error, strings: strings))
            return 1
        }
    }

    /// Signs out; saying so when nobody was signed in. Exit 1 only when the backend fails.
    static func signOut(_ backend: Backend, strings: Strings, console: Console) async -> Int32 {
        do {
            guard try await backend.client.currentUser() != nil else {
                console.printError(strings[.statusNobody])
                return 0
            }
            try await backend.client.signOut()
            console.printError(strings[.signOutDone])
            return 0
        } catch {
            console.printError(failure(error, strings: strings))
            return 1
        }
    }

    /// A backend failure: the interface's sentence for the common ones, else the code and its detail.
    private static func failure(_ error: AuthError, strings: Strings) -> String {
        switch error.code {
        case .networkRequestFailed: strings[.networkError]
        case .storageFailure: strings[.storageError]
        default: strings.format(.commandLineError, .string([error.code.rawValue, error.detail].compactMap { $0 }
            .joined(separator: ": ")))
        }
    }

    /// The lines `status` prints: sign-in methods by the names the interface gives them, never provider ids (a guest's
    /// first line already says how it signed in).
    static func textStatus(_ user: User, token: IDTokenResult, factors: [MultiFactorInfo]?, backend: String,
                           strings: Strings) -> String {
        let name = user.email ?? user.displayName ?? user.phoneNumber ?? user.uid
        let labels = ProviderLabels(strings: strings)
        var lines = [user.isAnonymous ? strings.format(.signedInAsGuest, .string(user.uid))
                                      : strings.format(.signedInAs, .string(name))]
        if let displayName = user.displayName, !displayName.isEmpty {
            lines.append(strings.format(.statusDisplayName, .string(displayName)))
        }
        lines += [strings.format(.userID, .string(user.uid)), strings.format(.statusBackend, .string(backend))]
        if !user.isAnonymous {
            let method = labels.methodName(providerID: ProviderID(rawValue: token.signInProvider), providers: [])
            lines.append(strings.format(.statusSignInProvider, .string(method)))
        }
        if !user.providerIDs.isEmpty {
            let names = user.providers.map { labels.methodName(providerID: $0, providers: []) }
            lines.append(strings.format(.statusProviders, .string(names.joined(separator: ", "))))
        }
        if user.email != nil {
            lines.append(strings[user.isEmailVerified ? .statusEmailVerified : .statusEmailNotVerified])
        }
        if let factors {
            let names = factors.map { [$0.factor.rawValue, $0.displayName ?? $0.phoneNumber].compactMap { $0 }
                .joined(separator: " ") }
            let list = names.isEmpty ? strings[.statusNone] : names.joined(separator: ", ")
            lines.append(strings.format(.statusSecondFactors, .string(list)))
        }
        if let expiry = token.expirationDate {
            lines.append(strings.format(.statusTokenExpires, .string(localTime(expiry, language: strings.language))))
        }
        return lines.map(TextWidth.sanitized).joined(separator: "\n")
    }

    /// The documented `--json` object (see README): the user's keys, and how, where and until when.
    private static func jsonStatus(_ user: User, token: IDTokenResult, factors: [MultiFactorInfo]?,
                                   backend: Backend.Location) -> String {
        var object = SessionJSON.user(user)
        object["signInProvider"] = token.signInProvider
        object["backend"] = jsonBackend(backend)
        object["tokenExpiresAt"] = token.expirationDate.map(SessionJSON.timestamp)
        object["secondFactors"] = factors?.map { factor -> [String: Any] in
            var entry: [String: Any] = ["factor": factor.factor.rawValue, "uid": factor.uid]
            entry["displayName"] = factor.displayName
            entry["phoneNumber"] = factor.phoneNumber
            return entry
        }
        return SessionJSON.encode(object)
    }

    /// `date` in the local time zone, written the way `language` writes dates and times.
    private static func localTime(_ date: Date, language: String) -> String {
        LocalizedDate.text(date, skeleton: "yMMMdjmmssz", language: language)
    }

    /// `{"kind": "local", "path": …}`, `{"kind": "emulator", "host": …, "port": …, "project": …}` or
    /// `{"kind": "firebase"}` (never the API key).
    private static func jsonBackend(_ location: Backend.Location) -> [String: Any] {
        switch location {
        case .local(let path): ["kind": "local", "path": path]
        case .firebase(.emulator(let host, let port, let project, _)):
            ["kind": "emulator", "host": host, "port": port, "project": project]
        case .firebase(.production): ["kind": "firebase"]
        }
    }
}
