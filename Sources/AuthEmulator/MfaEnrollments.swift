import AuthCore
import FoundationEssentials
import LocalAuth

/// Second factors a request sets (`mfaInfo` of `signUp` and of an imported account, `mfa.enrollments` of
/// `accounts:update`), read as Firebase's emulator reads them: SMS factors only, each naming its number in
/// `phoneInfo`.
enum MfaEnrollments {
    /// Entries of `signUp` (`generatingIDs`: each gets a new id, any given one is ignored) or `accounts:update`
    /// (each keeps its `mfaEnrollmentId`, which must be there and differ from the others'). An entry repeating
    /// an earlier one's number is dropped; `enrolledAt` is kept when given, else `now`.
    ///
    /// Errors: "INVALID_MFA_PHONE_NUMBER : Invalid format." (no or no E.164 `phoneInfo`),
    /// "INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.", DUPLICATE_MFA_ENROLLMENT_ID.
    static func factors(_ entries: [JSONFields], generatingIDs: Bool, at now: Date) throws(APIError)
        -> [EnrolledFactor] {
        var factors: [EnrolledFactor] = []
        for entry in entries {
            guard let number = try entry.string("phoneInfo"), PhoneNumber.isE164(number) else {
                throw APIError("INVALID_MFA_PHONE_NUMBER", "Invalid format.")
            }
            if factors.contains(where: { $0.phoneNumber == number }) { continue }
            let id = generatingIDs ? EnrolledFactor.newID() : try entry.nonEmptyString("mfaEnrollmentId")
            guard let id else { throw APIError("INVALID_MFA_ENROLLMENT_ID", "mfaEnrollmentId must be defined.") }
            guard !factors.contains(where: { $0.id == id }) else { throw APIError("DUPLICATE_MFA_ENROLLMENT_ID") }
            factors.append(try factor(entry, id: id, phoneNumber: number, at: now))
        }
        return factors
    }

    /// The `mfaInfo` of an imported account, with `batchCreate`'s messages: a missing id gets a new one, and
    /// every entry is kept.
    static func imported(_ entries: [JSONFields], at now: Date) throws(APIError) -> [EnrolledFactor] {
        var given: Set<String> = []
        for entry in entries {
            guard let id = try entry.nonEmptyString("mfaEnrollmentId") else { continue }
            guard given.insert(id).inserted else { throw APIError("Enrollment id already exists.") }
        }
        var factors: [EnrolledFactor] = []
        for entry in entries {
            let id = try entry.nonEmptyString("mfaEnrollmentId") ?? EnrolledFactor.newID()
            guard let number = try entry.nonEmptyString("phoneInfo") else {
                throw APIError("Second factor not supported.")
            }
            guard PhoneNumber.isE164(number) else { throw APIError("Phone number format is invalid") }
            factors.append(try factor(entry, id: id, phoneNumber: number, at: now))
        }
        return factors
    }

    /// An SMS factor from `entry`'s `displayName` and `enrolledAt` (RFC 3339; `now` when absent).
    private static func factor(_ entry: JSONFields, id: String, phoneNumber: String, at now: Date) throws(APIError)
        -> EnrolledFactor {
        var enrolledAt = now
        if let text = try entry.nonEmptyString("enrolledAt") {
            guard let moment = RFC3339.date(text) else {
                throw APIError.invalidArgument("Invalid value at 'enrolledAt' (RFC 3339 time), \"\(text)\"")
            }
            enrolledAt = moment
        }
        return .sms(id: id, displayName: try entry.string("displayName"), phoneNumber: phoneNumber,
                    enrolledAt: enrolledAt)
    }
}
