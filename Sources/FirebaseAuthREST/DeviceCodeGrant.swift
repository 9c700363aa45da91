import FoundationEssentials
import JSON

/// A provider's answer to a device authorization request (RFC 8628 §3.2): the code to show and how to poll.
public struct DeviceCodeGrant: Sendable, Equatable {
    /// The secret the app polls with; never shown.
    public var deviceCode: String
    /// The short code the person types at `verificationURI`.
    public var userCode: String
    public var verificationURI: URL
    /// The address with the user code filled in, when the provider gives one (for a QR code).
    public var verificationURIComplete: URL?
    /// When the codes stop working.
    public var expiresAt: ContinuousClock.Instant
    /// The wait between polls the provider asked for.
    public var interval: Duration

    public init(deviceCode: String, userCode: String, verificationURI: URL, verificationURIComplete: URL? = nil,
                expiresAt: ContinuousClock.Instant, interval: Duration) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
        self.interval = interval
    }

    /// RFC 8628's default wait when the provider names none.
    static let defaultInterval = Duration.seconds(5)

    /// The grant in `body` received at `now`; Google spells the address `verification_url`. Nil when a field
    /// the flow needs is missing.
    init?(json body: Data, receivedAt now: ContinuousClock.Instant) {
        guard let object = (try? JSONValue(data: body))?.anyValue as? [String: Any],
              let deviceCode = object["device_code"] as? String, !deviceCode.isEmpty,
              let userCode = object["user_code"] as? String, !userCode.isEmpty,
              let address = (object["verification_uri"] ?? object["verification_url"]) as? String,
              let verificationURI = URL(string: address),
              let expiresIn = Self.whole(object["expires_in"]), expiresIn > 0 else { return nil }
        let interval = Self.whole(object["interval"])
        self.init(deviceCode: deviceCode, userCode: userCode, verificationURI: verificationURI,
                  verificationURIComplete: (object["verification_uri_complete"] as? String).flatMap(URL.init(string:)),
                  expiresAt: now + .seconds(expiresIn),
                  interval: interval.map { .seconds(max(0, $0)) } ?? Self.defaultInterval)
    }

    /// A JSON number's whole part (as Foundation's `NSNumber.intValue`); nil for anything else.
    private static func whole(_ value: Any?) -> Int? {
        (value as? Double).flatMap { Int(exactly: $0.rounded(.towardZero)) }
    }
}
