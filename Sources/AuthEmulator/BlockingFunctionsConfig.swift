import FoundationEssentials

/// The project config's `blockingFunctions`: the function each event calls (`triggers.<event>.functionUri`) and
/// which of an identity provider's credentials they are sent (`forwardInboundCredentials`). A tenant's sign-ins
/// use its project's, as in Firebase's emulator.
struct BlockingFunctionsConfig: Sendable {
    /// The function each configured event calls.
    var triggers: [BlockingFunctionEvent: URL] = [:]
    /// `forwardInboundCredentials.idToken`: the provider's ID token goes in `oauth_id_token` (the emulator holds
    /// no provider access or refresh tokens to forward).
    var forwardsIDToken = false

    /// The configuration a stored config document holds (none when it has no `blockingFunctions`). Stored
    /// documents were checked by `validate` when they were patched; what does not read as expected is skipped.
    init(document: [String: Any]?) {
        guard let config = document?["blockingFunctions"] as? [String: Any] else { return }
        for (name, trigger) in config["triggers"] as? [String: Any] ?? [:] {
            guard let event = BlockingFunctionEvent(rawValue: name),
                  let uri = (trigger as? [String: Any])?["functionUri"] as? String,
                  let url = Self.functionURL(uri) else { continue }
            triggers[event] = url
        }
        forwardsIDToken = (config["forwardInboundCredentials"] as? [String: Any])?["idToken"] as? Bool ?? false
    }

    /// Checks the `blockingFunctions` of a config patch as Firebase's emulator does: every trigger names an
    /// event and an absolute `functionUri`.
    ///
    /// Errors: 400 `INVALID_BLOCKING_FUNCTION : ((Event type is invalid.))` or
    /// `… ((Expected an absolute URI with valid scheme and host.))`; INVALID_ARGUMENT for a field of the wrong
    /// JSON type.
    static func validate(_ patch: JSONFields) throws(APIError) {
        guard let config = try patch.object("blockingFunctions") else { return }
        if let forwarded = try config.object("forwardInboundCredentials") {
            for name in ["idToken", "accessToken", "refreshToken"] { _ = try forwarded.bool(name) }
        }
        guard let triggers = try config.object("triggers") else { return }
        for name in triggers.values.keys.sorted() {
            guard BlockingFunctionEvent(rawValue: name) != nil else {
                throw APIError("INVALID_BLOCKING_FUNCTION", "((Event type is invalid.))")
            }
            guard let uri = try triggers.object(name)?.string("functionUri"), functionURL(uri) != nil else {
                throw APIError("INVALID_BLOCKING_FUNCTION", "((Expected an absolute URI with valid scheme and host.))")
            }
        }
    }

    /// Keeps a patched config's `blockingFunctions` as Firebase's emulator does: a patch without `updateMask`
    /// replaces them whole (none when it has none), like its other top-level fields.
    static func applyUnmaskedPatch(_ patch: [String: Any], to config: inout [String: Any], mask: String?) {
        guard (mask ?? "").isEmpty else { return }
        config["blockingFunctions"] = patch["blockingFunctions"] ?? [String: Any]()
    }

    /// `uri` when it is an absolute `http` or `https` address with a host: the only ones called.
    private static func functionURL(_ uri: String) -> URL? {
        guard let url = URL(string: uri), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}
