import FoundationEssentials
import JSON

/// A SAML provider's answer (`SAMLResponse` in `signInWithIdp`'s parameters) as Firebase's emulator takes it:
/// not XML but a JSON object `{"assertion":{"subject":{"nameId":…},"attributeStatements":{…}}}`.
struct SAMLResponse {
    /// `assertion.subject.nameId`: who the provider says signed in, often an email.
    let nameID: String
    /// `assertion.attributeStatements`, if any: the `rawUserInfo` and the ID token's `sign_in_attributes`.
    let attributeStatements: JSONValue?

    /// Reads the parameter's text.
    ///
    /// Errors: INVALID_IDP_RESPONSE (not a JSON object, or no assertion, subject or nameId).
    init(_ text: String) throws(APIError) {
        guard case .object(let response) = try? JSONValue(data: Data(text.utf8)) else {
            throw APIError("INVALID_IDP_RESPONSE", "((SAMLResponse is not a JSON object.))")
        }
        guard case .object(let assertion) = response["assertion"] else {
            throw APIError("INVALID_IDP_RESPONSE", "((Missing assertion in SAMLResponse.))")
        }
        guard case .object(let subject) = assertion["subject"] else {
            throw APIError("INVALID_IDP_RESPONSE", "((Missing assertion.subject in SAMLResponse.))")
        }
        guard case .string(let nameID) = subject["nameId"], !nameID.isEmpty else {
            throw APIError("INVALID_IDP_RESPONSE", "((Missing assertion.subject.nameId in SAMLResponse.))")
        }
        self.nameID = nameID
        attributeStatements = assertion["attributeStatements"].flatMap { $0 == .null ? nil : $0 }
    }
}
