import AuthCore
import FirebaseAuthREST
import FoundationEssentials
import JSON
import Localization

/// A problem in a configuration file, naming the key path (e.g. `emailLinkSignInActionCodeSettings.url`).
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// A value in the sentence: text as written, or a word to translate (a JSON type's name).
    public enum Argument: Equatable, Sendable {
        case text(String)
        case word(StringKey)
    }

    public let path: String
    /// The localized sentence that explains the problem.
    public let key: StringKey
    public let arguments: [Argument]

    public init(path: String, _ key: StringKey, _ arguments: Argument...) {
        self.path = path
        self.key = key
        self.arguments = arguments
    }

    /// The same problem, located in a file: "file: path: problem".
    public func inFile(_ file: String) -> ConfigurationError {
        ConfigurationError(path: path.isEmpty ? file : "\(file): \(path)", key, arguments: arguments)
    }

    private init(path: String, _ key: StringKey, arguments: [Argument]) {
        self.path = path
        self.key = key
        self.arguments = arguments
    }

    /// "path: problem" in `strings`' language.
    public func message(_ strings: Strings) -> String {
        let values = arguments.map { argument -> FormatArgument in
            switch argument {
            case .text(let text): .string(text)
            case .word(let word): .string(strings[word])
            }
        }
        let problem = strings.format(key, arguments: values)
        return path.isEmpty ? problem : "\(path): \(problem)"
    }

    /// The message in English (logs, tests).
    public var description: String { message(.builtIn(language: "en")) }
}

/// Reads the `--config` JSON file: `AuthConfiguration` field by field, plus the `providers` to offer.
public struct ConfigurationFile: Equatable, Sendable {
    public var configuration = AuthConfiguration()
    /// Sign-in methods in order, when the file names them.
    public var providers: [AuthProvider]?
    /// `recentLoginMaxAge`: how many seconds after a sign-in the local backend allows sensitive changes.
    public var recentLoginMaxAge: TimeInterval?
    /// Things accepted but worth a word (a provider listed twice is offered once).
    public var warnings: [LocalizedText] = []

    /// Parses JSON; unknown keys and wrong types are errors that name the key path.
    public static func parse(_ data: Data) throws(ConfigurationError) -> ConfigurationFile {
        let root: JSONValue
        do {
            root = try JSONValue(data: data)
        } catch {
            throw ConfigurationError(path: "", .configNotJSON)
        }
        guard case .object(let fields) = root else {
            throw ConfigurationError(path: "", .configNotObject, .word(root.type.key))
        }
        var file = ConfigurationFile()
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            if key == "providers" {
                file.providers = try providers(value, key) { name in
                    file.warnings.append(LocalizedText(.warningDuplicateProvider, [.string(key), .string(name)]))
                }
            } else if key == "recentLoginMaxAge" {
                file.recentLoginMaxAge = try positiveSeconds(value, key)
            } else {
                try apply(key, value, to: &file.configuration)
            }
        }
        return file
    }

    private static func apply(_ key: String, _ value: JSONValue,
                              to configuration: inout AuthConfiguration) throws(ConfigurationError) {
        switch key {
        case "logo": configuration.logo = try string(value, key)
        case "languageCode": configuration.languageCode = try string(value, key)
        case "shouldHideCancelButton": configuration.shouldHideCancelButton = try bool(value, key)
        case "interactiveDismissEnabled": configuration.interactiveDismissEnabled = try bool(value, key)
        case "shouldAutoUpgradeAnonymousUsers": configuration.shouldAutoUpgradeAnonymousUsers = try bool(value, key)
        case "legacyFetchSignInWithEmail": configuration.legacyFetchSignInWithEmail = try bool(value, key)
        case "customStringsBundle": configuration.customStringsBundle = try string(value, key)
        case "tosUrl": configuration.tosUrl = try url(value, key)
        case "privacyPolicyUrl": configuration.privacyPolicyUrl = try url(value, key)
        case "emailLinkSignInActionCodeSettings":
            configuration.emailLinkSignInActionCodeSettings = try actionCodeSettings(value, key)
        case "verifyEmailActionCodeSettings":
            configuration.verifyEmailActionCodeSettings = try actionCodeSettings(value, key)
        case "mfaEnabled": configuration.mfaEnabled = try bool(value, key)
        case "allowedSecondFactors": configuration.allowedSecondFactors = try secondFactors(value, key)
        case "mfaIssuer": configuration.mfaIssuer = try string(value, key)
        case "provisioning":
            let command = try string(value, key)
            guard !command.trimmingWhitespace().isEmpty else {
                throw ConfigurationError(path: key, .configMissing)
            }
            configuration.provisioning = command
        case "defaultCountryCode":
            let code = try string(value, key)
            guard CountryCatalog.country(isoCode: code) != nil else {
                throw ConfigurationError(path: key, .configNotCountry)
            }
            configuration.defaultCountryCode = code.uppercased()
        default: throw ConfigurationError(path: key, .configUnknownKey)
        }
    }

    private static func string(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> String {
        guard case .string(let text) = value else { throw mismatch(value, path, expected: .string) }
        return text
    }

    private static func bool(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(value, path, expected: .boolean) }
        return flag
    }

    private static func positiveSeconds(_ value: JSONValue, _ path: String) throws(ConfigurationError)
        -> TimeInterval {
        guard case .number(let seconds) = value else { throw mismatch(value, path, expected: .number) }
        guard seconds > 0, seconds.rounded() == seconds, seconds <= Double(Int32.max) else {
            throw ConfigurationError(path: path, .configNotPositiveSeconds)
        }
        return seconds
    }

    private static func url(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> URL {
        let text = try string(value, path)
        guard let url = URL(string: text), url.scheme != nil else {
            throw ConfigurationError(path: path, .configNotURL)
        }
        return url
    }

    private static func actionCodeSettings(_ value: JSONValue, _ path: String) throws(ConfigurationError)
        -> ActionCodeSettings {
        guard case .object(let fields) = value else { throw mismatch(value, path, expected: .object) }
        var settings = ActionCodeSettings(url: "")
        var sawURL = false
        for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "url":
                settings.url = try url(field, "\(path).url").absoluteString
                sawURL = true
            case "handleCodeInApp": settings.handleCodeInApp = try bool(field, "\(path).handleCodeInApp")
            default: throw ConfigurationError(path: "\(path).\(key)", .configUnknownKey)
            }
        }
        guard sawURL else { throw ConfigurationError(path: "\(path).url", .configMissing) }
        return settings
    }

    private static func secondFactors(_ value: JSONValue, _ path: String) throws(ConfigurationError)
        -> Set<SecondFactorType> {
        guard case .array(let items) = value else { throw mismatch(value, path, expected: .array) }
        var factors: Set<SecondFactorType> = []
        for (index, item) in items.enumerated() {
            let name = try string(item, "\(path)[\(index)]")
            guard let factor = SecondFactorType(rawValue: name) else {
                throw ConfigurationError(path: "\(path)[\(index)]", .configNotSecondFactor)
            }
            factors.insert(factor)
        }
        return factors
    }

    /// `providers`: names (`"google"`) or objects for identity providers (`{"id": "oidc.line", "label": …}`,
    /// `{"id": "google", "scopes": […]}`); one listed again is reported to `duplicate` (by name or id) and
    /// offered once.
    private static func providers(_ value: JSONValue, _ path: String,
                                  duplicate: (String) -> Void) throws(ConfigurationError) -> [AuthProvider] {
        guard case .array(let items) = value else { throw mismatch(value, path, expected: .array) }
        var providers: [AuthProvider] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let provider: AuthProvider
            let name: String
            if case .object(let fields) = item {
                let button = try customProvider(fields, itemPath)
                provider = .identityProvider(button)
                name = button.providerID
            } else {
                name = try string(item, itemPath)
                guard let named = AuthProvider(name: name) else {
                    throw ConfigurationError(path: itemPath, .configUnknownSignInMethod, .text(name))
                }
                provider = named
            }
            if providers.contains(where: { $0.providerID == provider.providerID }) {
                duplicate(name)
            } else {
                providers.append(provider)
            }
        }
        return providers
    }

    private static func customProvider(_ fields: [String: JSONValue],
                                       _ path: String) throws(ConfigurationError) -> IdentityProviderButton {
        guard let idValue = fields["id"] else { throw ConfigurationError(path: "\(path).id", .configMissing) }
        let id = try string(idValue, "\(path).id")
        var button: IdentityProviderButton
        if let builtIn = IdentityProviderButton.builtIn(named: id) {
            button = builtIn
        } else if IdentityProviderButton.isCustomOIDC(id) {
            button = IdentityProviderButton(providerID: id, displayName: String(id.dropFirst("oidc.".count)))
        } else {
            throw ConfigurationError(path: "\(path).id", .configNotCustomOIDC)
        }
        var device: [String: JSONValue] = [:]
        for (key, field) in fields.sorted(by: { $0.key < $1.key }) where key != "id" {
            let fieldPath = "\(path).\(key)"
            switch key {
            case "deviceClientId", "deviceClientSecret", "deviceAuthorizationEndpoint", "deviceTokenEndpoint":
                device[key] = field
            case "displayName": button.displayName = try string(field, fieldPath)
            case "label": button.label = try string(field, fieldPath)
            case "backgroundColor": button.backgroundColor = try hexColor(field, fieldPath)
            case "foregroundColor": button.foregroundColor = try hexColor(field, fieldPath)
            case "scopes": button.scopes = try strings(field, fieldPath)
            case "customParameters": button.customParameters = try stringMap(field, fieldPath)
            default: throw ConfigurationError(path: fieldPath, .configUnknownKey)
            }
        }
        if !device.isEmpty { button.deviceSignIn = try deviceSignIn(device, path) }
        if let settings = button.deviceSignIn, DeviceAuthorizationProvider(button: button) == nil {
            let missing = settings.deviceAuthorizationEndpoint == nil ? "deviceAuthorizationEndpoint"
                                                                       : "deviceTokenEndpoint"
            throw ConfigurationError(path: "\(path).\(missing)", .configMissing)
        }
        return button
    }

    /// The device-code settings among a provider's keys.
    private static func deviceSignIn(_ fields: [String: JSONValue],
                                     _ path: String) throws(ConfigurationError) -> DeviceSignInSettings {
        guard let clientID = fields["deviceClientId"] else {
            throw ConfigurationError(path: "\(path).deviceClientId", .configMissing)
        }
        var settings = DeviceSignInSettings(clientID: try string(clientID, "\(path).deviceClientId"))
        if let secret = fields["deviceClientSecret"] {
            settings.clientSecret = try string(secret, "\(path).deviceClientSecret")
        }
        if let endpoint = fields["deviceAuthorizationEndpoint"] {
            settings.deviceAuthorizationEndpoint = try secureURL(endpoint, "\(path).deviceAuthorizationEndpoint")
        }
        if let endpoint = fields["deviceTokenEndpoint"] {
            settings.tokenEndpoint = try secureURL(endpoint, "\(path).deviceTokenEndpoint")
        }
        return settings
    }

    /// An `https` address, or `http` on this machine (`localhost`, 127.0.0.0/8, `::1`): device-code endpoints
    /// carry the client secret and the tokens, which plain HTTP would show to the network.
    private static func secureURL(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> URL {
        let address = try url(value, path)
        let scheme = address.scheme?.lowercased()
        guard scheme == "https" || (scheme == "http" && address.isLoopback) else {
            throw ConfigurationError(path: path, .configNotSecureURL)
        }
        return address
    }

    private static func strings(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> [String] {
        guard case .array(let items) = value else { throw mismatch(value, path, expected: .array) }
        var texts: [String] = []
        for (index, item) in items.enumerated() { texts.append(try string(item, "\(path)[\(index)]")) }
        return texts
    }

    private static func stringMap(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> [String: String] {
        guard case .object(let fields) = value else { throw mismatch(value, path, expected: .object) }
        var map: [String: String] = [:]
        for (key, field) in fields { map[key] = try string(field, "\(path).\(key)") }
        return map
    }

    private static func hexColor(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> String {
        let text = try string(value, path)
        let digits = text.dropFirst()
        guard text.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.isHexDigit) else {
            throw ConfigurationError(path: path, .configNotColour)
        }
        return text
    }

    private static func mismatch(_ value: JSONValue, _ path: String, expected: JSONType) -> ConfigurationError {
        ConfigurationError(path: path, .configTypeMismatch, .word(expected.key), .word(value.type.key))
    }
}
