import FoundationEssentials

/// A `--emulator` value or `FIREBASE_AUTH_EMULATOR_HOST` that names no usable HOST:PORT.
public struct EndpointConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The address as given.
    public let address: String
    /// What is wrong, in English, for logs.
    public var message: String { "emulator address \"\(address)\" is not HOST:PORT" }
    /// The message.
    public var description: String { message }
}

extension FirebaseEndpoint {
    /// The endpoint chosen by flags (given as arguments, nil when absent) and the environment; nil keeps the
    /// embedded backend.
    ///
    /// An emulator wins over production at the same level and flags win over the environment:
    /// `--emulator`, then `--api-key`, then `FIREBASE_AUTH_EMULATOR_HOST`, then `FIREBASE_API_KEY`.
    /// An emulator serves `--project`, else `GCLOUD_PROJECT`, else `FIREBASE_PROJECT`, else "demo-fauth-tui",
    /// and gets the API key when one was given. Empty values count as absent.
    public static func fromEnvironment(_ env: [String: String], apiKey: String?, emulator: String?,
                                       project: String?) throws(EndpointConfigurationError) -> FirebaseEndpoint? {
        let flagKey = nonEmpty(apiKey)
        let key = flagKey ?? nonEmpty(env["FIREBASE_API_KEY"])
        let emulatorHost = nonEmpty(emulator) ?? (flagKey == nil ? nonEmpty(env["FIREBASE_AUTH_EMULATOR_HOST"]) : nil)
        if let emulatorHost {
            let (host, port) = try hostAndPort(emulatorHost)
            let projectID = nonEmpty(project) ?? nonEmpty(env["GCLOUD_PROJECT"]) ?? nonEmpty(env["FIREBASE_PROJECT"])
                ?? defaultEmulatorProject
            return .emulator(host: host, port: port, projectID: projectID, apiKey: key ?? emulatorAPIKey)
        }
        return key.map { .production(apiKey: $0) }
    }

    /// Whether `text` is an emulator address: `HOST:PORT` or `[IPv6]:PORT`.
    public static func isEmulatorAddress(_ text: String) -> Bool {
        (try? hostAndPort(text)) != nil
    }

    /// Splits `HOST:PORT` or `[IPv6]:PORT`; a bare host is refused rather than given a guessed port.
    static func hostAndPort(_ text: String) throws(EndpointConfigurationError) -> (String, Int) {
        var host = Substring(text)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw invalid(text) }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            guard rest.hasPrefix(":") else { throw invalid(text) }
            portText = rest.dropFirst()
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) }) else {
            throw invalid(text)
        }
        guard let portText, let port = Int(portText), (1...65_535).contains(port) else { throw invalid(text) }
        return (String(host), port)
    }

    private static func invalid(_ text: String) -> EndpointConfigurationError {
        EndpointConfigurationError(address: text)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimmingWhitespace(), !value.isEmpty else { return nil }
        return value
    }
}
