import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct ErrorMappingTests {
    @Test(arguments: [
        ("WEAK_PASSWORD : Password should be at least 6 characters", AuthErrorCode.weakPassword),
        ("EMAIL_EXISTS", .emailExists),
        ("INVALID_LOGIN_CREDENTIALS", .invalidLoginCredentials),
        ("EMAIL_NOT_FOUND", .emailNotFound),
        ("INVALID_PASSWORD", .invalidPassword),
        ("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been disabled", .tooManyAttemptsTryLater),
        ("INVALID_OOB_CODE", .invalidOobCode),
        ("INVALID_CODE", .invalidCode),
        ("USER_DISABLED", .userDisabled),
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .credentialTooOldLoginAgain),
        ("INVALID_IDP_RESPONSE ((Missing assertion))", .invalidIdpResponse),
        ("INVALID_PENDING_TOKEN : unknown to this client", .internalError),
        ("USER_MISMATCH", .invalidLoginCredentials),
        ("INVALID_REFRESH_TOKEN", .tokenExpired),
        ("PASSWORD_LOGIN_DISABLED", .operationNotAllowed),
        ("MISSING_APP_CREDENTIAL : reCAPTCHA needed", .operationNotAllowed),
        ("RESET_PASSWORD_EXCEED_LIMIT", .tooManyAttemptsTryLater),
        ("FEDERATED_USER_ID_ALREADY_LINKED", .credentialAlreadyInUse),
        ("something went wrong", .internalError),
    ])
    func mapsTheLeadingCodeOfAServerMessage(message: String, code: AuthErrorCode) async throws {
        let stub = StubServer()
        stub.replyError("accounts:signInWithPassword", message)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client().signIn(email: "ann@example.com", password: "pw-123456")
        }
        #expect(error?.code == code)
        #expect(error?.detail?.contains("accounts:signInWithPassword") == true)
    }

    @Test func detailsNeverRepeatAPasswordOrToken() async throws {
        let stub = StubServer()
        stub.replyError("accounts:signUp", "WEAK_PASSWORD : 'abc' is too short")
        let error = await #expect(throws: AuthError.self) {
            try await stub.client().createUser(email: "ann@example.com", password: "abc")
        }
        #expect(error?.code == .weakPassword)
        #expect(error?.detail?.contains("abc") == false)
        #expect(error?.detail?.contains("‹redacted›") == true)

        let token = Fixtures.idToken()
        stub.replyError("accounts:update", "INVALID_ID_TOKEN : \(token)")
        let tokenError = await #expect(throws: AuthError.self) {
            try await stub.signedInClient(idToken: token).updateProfile(displayName: "Ann", photoURL: nil)
        }
        #expect(tokenError?.detail?.contains(token) == false)
    }

    @Test func needConfirmationIsAnAccountConflictWithTheCredential() async throws {
        let stub = StubServer()
        stub.reply("accounts:signInWithIdp",
                   #"{"needConfirmation":true,"email":"ann@example.com","localId":"uid-9","providerId":"google.com"}"#)
        let credential = AuthCredential.identityProvider(
            IdentityProviderCredential(providerID: "google.com", idToken: "G-ID"))
        let error = await #expect(throws: AuthError.self) { try await stub.client().signIn(with: credential) }
        #expect(error?.code == .accountExistsWithDifferentCredential)
        #expect(error?.conflict == AccountConflictInfo(email: "ann@example.com", credential: credential))
        #expect(stub.requests("accounts:lookup").isEmpty)
    }

    @Test(arguments: [
        ("FEDERATED_USER_ID_ALREADY_LINKED", AuthErrorCode.credentialAlreadyInUse),
        ("EMAIL_EXISTS", .emailExists),
    ])
    func errorMessageIn200IsAConflictWithTheCredential(message: String, code: AuthErrorCode) async throws {
        let stub = StubServer()
        stub.reply("accounts:signInWithIdp", #"{"errorMessage":"\#(message)","email":"ann@example.com","#
            + #""oauthIdToken":"G-ID","providerId":"google.com"}"#)
        let credential = AuthCredential.identityProvider(
            IdentityProviderCredential(providerID: "google.com", idToken: "G-ID"))
        let error = await #expect(throws: AuthError.self) { try await stub.signedInClient().link(credential) }
        #expect(error?.code == code)
        #expect(error?.conflict == AccountConflictInfo(email: "ann@example.com", credential: credential))
    }

    @Test func linkingAPasswordWhoseEmailIsTakenCarriesTheConflict() async throws {
        let stub = StubServer()
        stub.replyError("accounts:signUp", "EMAIL_EXISTS")
        let credential = AuthCredential.emailPassword(email: "bob@example.com", password: "pw-123456")
        let error = await #expect(throws: AuthError.self) { try await stub.signedInClient().link(credential) }
        #expect(error?.code == .emailExists)
        #expect(error?.conflict == AccountConflictInfo(email: "bob@example.com", credential: credential))
        #expect(error?.detail?.contains("pw-123456") == false)
    }

    @Test func aPhoneNumberOfAnotherAccountIsAConflict() async throws {
        let stub = StubServer()
        stub.reply("accounts:signInWithPhoneNumber",
                   #"{"temporaryProof":"PROOF","temporaryProofExpiresIn":"3600","phoneNumber":"+15555550100"}"#)
        let credential = AuthCredential.phone(verificationID: "S", code: "123456")
        let error = await #expect(throws: AuthError.self) { try await stub.signedInClient().link(credential) }
        #expect(error?.code == .phoneNumberExists)
        #expect(error?.conflict?.credential == credential)
    }

    @Test func aPendingSecondFactorIsAnMFAChallengeWithHints() async throws {
        let stub = StubServer()
        stub.reply("accounts:signInWithPassword", #"""
            {"localId":"uid-1","email":"ann@example.com","mfaPendingCredential":"PENDING",
             "mfaInfo":[{"mfaEnrollmentId":"f-1","displayName":"Work phone","phoneInfo":"+*******0100"},
                        {"mfaEnrollmentId":"f-2","displayName":"Authenticator","totpInfo":{}},
                        {"mfaEnrollmentId":"f-3","emailInfo":{"emailAddress":"a@b.c"}}]}
            """#)
        let client = stub.client()
        let outcome = try await client.signIn(email: "ann@example.com", password: "pw-123456")
        #expect(outcome == .mfaRequired(MFARequired(pendingCredential: "PENDING", hints: [
            .phone(displayName: "Work phone", uid: "f-1", phoneNumber: "+*******0100"),
            .totp(displayName: "Authenticator", uid: "f-2"),
        ])))
        #expect(try await client.currentUser() == nil)
    }
}
