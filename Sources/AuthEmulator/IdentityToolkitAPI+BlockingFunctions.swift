import AuthCore
import FoundationEssentials
import JSON
import LocalAuth

extension IdentityToolkitAPI {
    /// The project's blocking functions, from its stored config (a tenant uses its project's).
    var blockingFunctionsConfig: BlockingFunctionsConfig {
        BlockingFunctionsConfig(document: projects.resources.get("projects/\(projectID)", id: "config"))
    }

    /// `outcome` after the project's blocking functions, as `passBlockingFunctions(_:_:)` runs them; a sign-in
    /// waiting for a second factor is left alone (beforeSignIn runs when the factor completes it).
    func passBlockingFunctions(_ outcome: LocalSignInOutcome, _ how: BlockingFunctionSignIn) throws(APIError)
        -> LocalSignInOutcome {
        switch outcome {
        case .signedIn(let signIn): .signedIn(try passBlockingFunctions(signIn, how))
        case .secondFactorRequired: outcome
        }
    }

    /// `signIn` after the project's blocking functions, as Firebase's emulator runs them: beforeCreate for an
    /// account this sign-in created (a failure removes it again, so the account is never kept), then, unless
    /// the account is disabled, beforeSignIn; what they change is stored, beforeSignIn's session claims go in
    /// this sign-in's tokens (also when refreshed), and a disabled account then gets USER_DISABLED.
    ///
    /// Errors: those of `BlockingFunctionCaller.call`, USER_DISABLED.
    func passBlockingFunctions(_ signIn: LocalSignIn, _ how: BlockingFunctionSignIn) throws(APIError)
        -> LocalSignIn {
        let config = blockingFunctionsConfig
        guard !config.triggers.isEmpty else { return signIn }
        var signIn = signIn
        if signIn.isNewUser, let url = config.triggers[.beforeCreate] {
            do {
                let response = try callBlockingFunction(.beforeCreate, url, signIn.account, how, config)
                signIn.account = try apply(response.changes, to: signIn.account)
            } catch {
                let uid = signIn.account.uid
                try? engine.deleteAccount(uid: uid)
                throw error
            }
        }
        if !signIn.account.isDisabled, let url = config.triggers[.beforeSignIn] {
            let response = try callBlockingFunction(.beforeSignIn, url, signIn.account, how, config)
            signIn.account = try apply(response.changes, to: signIn.account)
            if let sessionClaims = response.sessionClaims {
                signIn.developerClaims = Self.claims(sessionClaims, over: signIn.developerClaims)
                signIn.refreshToken = nil  // the sign-in's refresh token must carry the session claims
            }
        }
        guard !signIn.account.isDisabled else { throw APIError("USER_DISABLED") }
        return signIn
    }

    /// What the function for `event` at `url` answers about `account`.
    private func callBlockingFunction(_ event: BlockingFunctionEvent, _ url: URL, _ account: LocalAccount,
                                      _ how: BlockingFunctionSignIn, _ config: BlockingFunctionsConfig)
        throws(APIError) -> BlockingFunctionResponse {
        let factors = try engineCall { () throws(AuthError) in try engine.secondFactors(uid: account.uid) }
        let token = BlockingFunctionEventToken(event: event, functionURL: url, projectID: projectID,
                                               tenantID: tenantID, account: account, factors: factors,
                                               signIn: how, config: config)
        return try projects.blockingFunctionCaller.call(url, token: token.encoded(at: engine.now), event: event)
    }

    /// `account` with `changes` stored.
    private func apply(_ changes: AccountChanges, to account: LocalAccount) throws(APIError) -> LocalAccount {
        guard changes != AccountChanges() else { return account }
        return try engineCall { () throws(AuthError) in try engine.updateAccount(uid: account.uid, changes) }
    }

    /// The JSON text of `sessionClaims` added to (and replacing the same names of) the claims text `existing`.
    private static func claims(_ sessionClaims: [String: Any], over existing: String?) -> String {
        var merged = (existing.flatMap { try? JSONValue(data: Data($0.utf8)) }?.anyValue as? [String: Any]) ?? [:]
        merged.merge(sessionClaims) { $1 }
        return String(decoding: (JSONValue(any: merged) ?? .object([:])).data(), as: UTF8.self)
    }
}
