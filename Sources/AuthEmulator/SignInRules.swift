import FoundationEssentials

/// What a scope lets its users do, checked by each operation in the order Firebase's emulator checks it. A
/// project's own users may use every method; a tenant's follow its configuration.
struct SignInRules: Sendable, Equatable {
    /// `disableAuth`: every user-facing operation is PROJECT_DISABLED.
    var authDisabled = false
    /// `allowPasswordSignup`.
    var passwordAllowed = true
    /// `enableEmailLinkSignin`.
    var emailLinkAllowed = true
    /// `enableAnonymousUser`.
    var anonymousAllowed = true
    /// `mfaConfig` with `state` ENABLED or MANDATORY and PHONE_SMS among `enabledProviders`.
    var smsSecondFactorAllowed = true
    /// `mfaConfig.providerConfigs` holding an ENABLED or MANDATORY `totpProviderConfig`.
    var totpSecondFactorAllowed = true
    /// Phone sign-in, which Firebase's emulator serves for projects only (UNSUPPORTED_TENANT_OPERATION).
    var phoneAllowed = true

    /// Every method allowed: a project's own users.
    init() {}

    /// The rules of a tenant's configuration document. A switch the document lacks (a tenant stored before
    /// the switches were enforced) counts as on, as it was when stored.
    init(tenant document: [String: Any]) {
        authDisabled = document["disableAuth"] as? Bool ?? false
        passwordAllowed = document["allowPasswordSignup"] as? Bool ?? true
        emailLinkAllowed = document["enableEmailLinkSignin"] as? Bool ?? true
        anonymousAllowed = document["enableAnonymousUser"] as? Bool ?? true
        phoneAllowed = false
        guard let mfa = document["mfaConfig"] as? [String: Any] else { return }
        let enabled: Set<String> = ["ENABLED", "MANDATORY"]
        smsSecondFactorAllowed = enabled.contains(mfa["state"] as? String ?? "")
            && (mfa["enabledProviders"] as? [Any] ?? []).contains { $0 as? String == "PHONE_SMS" }
        totpSecondFactorAllowed = (mfa["providerConfigs"] as? [Any] ?? []).contains { entry in
            guard let config = entry as? [String: Any] else { return false }
            return enabled.contains(config["state"] as? String ?? "") && config["totpProviderConfig"] != nil
        }
    }

    /// PROJECT_DISABLED when the tenant's users may not sign in at all.
    func requireAuthEnabled() throws(APIError) {
        if authDisabled { throw APIError("PROJECT_DISABLED") }
    }

    /// PASSWORD_LOGIN_DISABLED for password sign-ins and resets when passwords are off.
    func requirePasswordSignIn() throws(APIError) {
        if !passwordAllowed { throw APIError("PASSWORD_LOGIN_DISABLED") }
    }

    /// OPERATION_NOT_ALLOWED for email links when they are off.
    func requireEmailLink() throws(APIError) {
        if !emailLinkAllowed { throw APIError("OPERATION_NOT_ALLOWED") }
    }

    /// UNSUPPORTED_TENANT_OPERATION for phone sign-in in a tenant.
    func requirePhoneSignIn() throws(APIError) {
        if !phoneAllowed { throw APIError("UNSUPPORTED_TENANT_OPERATION") }
    }

    /// OPERATION_NOT_ALLOWED unless second factors of this kind may be enrolled and used: TOTP when the request
    /// is about a TOTP factor, SMS otherwise.
    func requireSecondFactor(totp: Bool) throws(APIError) {
        if totp, !totpSecondFactorAllowed {
            throw APIError("OPERATION_NOT_ALLOWED", "TOTP based MFA not enabled.")
        }
        if !totp, !smsSecondFactorAllowed {
            throw APIError("OPERATION_NOT_ALLOWED", "SMS based MFA not enabled.")
        }
    }
}

extension IdentityToolkitAPI {
    /// The rules of this API's scope: its tenant's configuration, or every method for a project's own users.
    var signInRules: SignInRules {
        guard let tenantID, let document = projects.tenantDocument(project: projectID, tenant: tenantID) else {
            return SignInRules()
        }
        return SignInRules(tenant: document)
    }
}
