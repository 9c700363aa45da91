import FoundationEssentials
import JSON

/// A tenant's configuration document (Firebase's `Tenant` resource) as the emulator stores it: the request's
/// fields plus `name`, `tenantId` and every sign-in switch, each switch given or set to its default.
enum TenantConfig {
    /// The sign-in switches of a tenant and what they are when a created tenant does not give them: off, as a
    /// production tenant starts (Firebase's emulator does the same).
    static let switches = ["allowPasswordSignup", "enableEmailLinkSignin", "enableAnonymousUser", "disableAuth"]

    /// The document of tenant `id` of `project` made from `fields` (a creation, or a patch without
    /// `updateMask`, which replaces the whole tenant): switches not given are off, `mfaConfig` without a
    /// `state` is DISABLED and without `enabledProviders` has none.
    ///
    /// Errors: INVALID_ARGUMENT for a switch or `mfaConfig` of the wrong JSON type.
    static func document(_ fields: JSONFields, project: String, id: String) throws(APIError) -> [String: Any] {
        try checkTypes(fields)
        var document = fields.values.filter { !($0.value is JSONNull) }
        for name in switches { document[name] = try fields.bool(name) ?? false }
        var mfaConfig = try fields.object("mfaConfig")?.values ?? [:]
        if mfaConfig["state"] == nil || mfaConfig["state"] is JSONNull { mfaConfig["state"] = "DISABLED" }
        if mfaConfig["enabledProviders"] == nil || mfaConfig["enabledProviders"] is JSONNull {
            mfaConfig["enabledProviders"] = [String]()
        }
        document["mfaConfig"] = mfaConfig
        return named(document, project: project, id: id)
    }

    /// The document of a tenant an authorised request named before it was created: every sign-in method on
    /// and SMS second factors enabled, as Firebase's emulator makes such a tenant.
    static func implicit(project: String, id: String) -> [String: Any] {
        var document: [String: Any] = ["disableAuth": false,
                                       "mfaConfig": ["state": "ENABLED", "enabledProviders": ["PHONE_SMS"]]]
        for name in switches where name != "disableAuth" { document[name] = true }
        return named(document, project: project, id: id)
    }

    /// INVALID_ARGUMENT unless the switches and `mfaConfig` that `fields` gives have their JSON types.
    static func checkTypes(_ fields: JSONFields) throws(APIError) {
        for name in switches { _ = try fields.bool(name) }
        if let mfaConfig = try fields.object("mfaConfig") {
            _ = try mfaConfig.string("state")
            _ = try mfaConfig.strings("enabledProviders")
            _ = try mfaConfig.objects("providerConfigs")
        }
    }

    /// `document` with its resource `name` and `tenantId`.
    private static func named(_ document: [String: Any], project: String, id: String) -> [String: Any] {
        var named = document
        named["name"] = "\(EmulatorProjects.tenantsCollection(project))/\(id)"
        named["tenantId"] = id
        return named
    }
}
