import FoundationEssentials
import JSON
import LocalAuth

/// A refresh token in the shape Firebase's emulator hands out: base64 of a JSON record (`_AuthEmulatorRefreshToken`,
/// `localId`, `provider`, `extraClaims`, `projectId`, `secondFactor`, `tenantId`) that tests decode. It also
/// carries `token`, the engine's random refresh token, and only that is checked (by its stored digest), so the
/// record stays revocable and editing it gains nothing.
enum EmulatorRefreshToken {
    /// The record around the engine's `token` for `signIn` (and `secondFactor`) in `projectID` and `tenantID`.
    static func wrapping(_ token: String, for signIn: LocalSignIn, secondFactor: EnrolledFactor?, projectID: String,
                         tenantID: String?) -> String {
        let claims = signIn.developerClaims.flatMap { try? JSONValue(data: Data($0.utf8)) } ?? .object([:])
        var record: [String: JSONValue] = [
            "_AuthEmulatorRefreshToken": .string("DO NOT MODIFY"), "localId": .string(signIn.account.uid),
            "provider": .string(signIn.provider), "extraClaims": claims, "projectId": .string(projectID),
            "token": .string(token),
        ]
        if let secondFactor {
            record["secondFactor"] = .object(["identifier": .string(secondFactor.id),
                                              "provider": .string(secondFactor.claimName)])
        }
        record["tenantId"] = tenantID.map(JSONValue.string)
        return JSONValue.object(record).data(escapingSlashes: false).base64EncodedString()
    }

    /// The engine's refresh token inside `text` when it is such a record; else `text` itself (an opaque token,
    /// as production's rules hand out).
    static func engineToken(_ text: String) -> String {
        guard let data = Data(base64Encoded: text),
              case .object(let record)? = try? JSONValue(data: data), record["_AuthEmulatorRefreshToken"] != nil,
              case .string(let token)? = record["token"] else { return text }
        return token
    }
}
