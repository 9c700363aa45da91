import FoundationEssentials

/// A stored password hash: `scrypt$N$r$p$salt_b64$hash_b64`.
struct PasswordHashRecord: Hashable {
    static let scheme = "scrypt"

    var parameters: ScryptParameters
    var salt: [UInt8]
    var hash: [UInt8]

    /// The stored text form.
    var encoded: String {
        [Self.scheme, String(parameters.cost), String(parameters.blockSize), String(parameters.parallelism),
         Data(salt).base64EncodedString(), Data(hash).base64EncodedString()].joined(separator: "$")
    }

    /// Builds a record from its parts.
    init(parameters: ScryptParameters, salt: [UInt8], hash: [UInt8]) {
        self.parameters = parameters
        self.salt = salt
        self.hash = hash
    }

    /// Parses the stored text form; nil when malformed or when its parameters are out of bounds.
    init?(encoded: String) {
        let fields = encoded.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
            .map(Substring.init)
        guard fields.count == 6, fields[0] == Self.scheme,
              let cost = UInt64(fields[1]), let blockSize = UInt64(fields[2]), let parallelism = UInt64(fields[3]),
              let salt = Data(base64Encoded: String(fields[4])), (8...64).contains(salt.count),
              let hash = Data(base64Encoded: String(fields[5])), (16...64).contains(hash.count)
        else { return nil }
        let parameters = ScryptParameters(cost: cost, blockSize: blockSize, parallelism: parallelism)
        guard parameters.isWithinBounds else { return nil }
        self.init(parameters: parameters, salt: Array(salt), hash: Array(hash))
    }
}
