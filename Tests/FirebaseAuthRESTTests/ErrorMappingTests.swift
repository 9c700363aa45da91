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
        ("INVALID_PENDING_TOKEN : unknown to this client", .invalidIdpResponse),
        ("NOT_A_FIREBASE_CODE : unknown to this client", .internalError),
        ("USER_MISMATCH", .userMismatch),
        ("INVALID_REFRESH_TOKEN", .tokenExpired),
        ("PASSWORD_LOGIN_DISABLED", .operationNotAllowed),
        ("MISSING_APP_CREDENTIAL : reCAPTCHA needed", .missingRecaptchaToken),
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

    /// Every code Firebase documents or its emulator answers, bare and with a detail in each of its forms, is one
    /// the app knows (so it has its message, or deliberately the generic one) and never logged as unknown.
    @Test(arguments: Set(FirebaseErrorCodes.documented + FirebaseErrorCodes.emulator).sorted())
    func everyFirebaseCodeIsKnownInEveryForm(serverCode: String) {
        for message in [serverCode, "\(serverCode) : Something about it.", "\(serverCode):detail",
                        "\(serverCode) ((the provider's words))"] {
            let error = RESTErrorMapping.error(restMessage: message, operation: "op", secrets: [])
            #expect(error.unrecognizedCode == nil, "\(message)")
            #expect(error.code == RESTErrorMapping.known(serverCode), "\(message)")
        }
    }

    /// Codes that say the project refuses this app, and those that need a fresh sign-in, say so.
    @Test(arguments: [("CONFIGURATION_NOT_FOUND", AuthErrorCode.appNotAuthorized), ("UNAUTHORIZED_DOMAIN", .appNotAuthorized),
                      ("INVALID_TENANT_ID", .appNotAuthorized), ("MISSING_REFRESH_TOKEN", .tokenExpired),
                      ("MISSING_MFA_ENROLLMENT_ID", .mfaEnrollmentNotFound), ("INVALID_PENDING_TOKEN", .invalidIdpResponse),
                      ("INVALID_RECAPTCHA_TOKEN", .captchaCheckFailed), ("USER_MISMATCH", .userMismatch)])
    func foldedCodesSayWhatHappened(serverCode: String, code: AuthErrorCode) {
        #expect(RESTErrorMapping.error(restMessage: "\(serverCode) : x", operation: "op", secrets: []).code == code)
    }

    /// One table answers for every code: each `AuthErrorCode` under its own name unless a fold says otherwise, and
    /// `known` reads nothing else.
    @Test func oneTableHoldsEveryKnownCode() {
        let folded: Set<String> = ["FEDERATED_USER_ID_ALREADY_LINKED"]
        for code in AuthErrorCode.allCases where !folded.contains(code.rawValue) {
            #expect(RESTErrorMapping.serverCodes[code.rawValue] == code, "\(code)")
        }
        #expect(RESTErrorMapping.serverCodes["FEDERATED_USER_ID_ALREADY_LINKED"] == .credentialAlreadyInUse)
        for (serverCode, code) in RESTErrorMapping.serverCodes {
            #expect(RESTErrorMapping.known(serverCode) == code)
        }
        #expect(RESTErrorMapping.known("NEW_CODE_FROM_2030") == nil)
    }

    /// A browser's address from another host, port or path than the `continueUri` keeps its own code (issue 31 item 9).
    @Test func anAddressFromElsewhereKeepsItsCode() {
        #expect(RESTErrorMapping.error(restMessage: "INVALID_REQUEST_URI", operation: "op", secrets: []).code.rawValue
                == "INVALID_REQUEST_URI")
    }

    @Test func anUnknownCodeIsTheGenericErrorAndNamesTheCode() {
        let error = RESTErrorMapping.error(restMessage: "NEW_CODE_FROM_2030 : what it means", operation: "op",
                                           secrets: [])
        #expect(error.code == .internalError)
        #expect(error.unrecognizedCode == "NEW_CODE_FROM_2030")
    }

    /// The client keeps each unknown code it met, once, for the app to log; documented codes are not kept.
    @Test func theClientKeepsUnknownCodesForTheLog() async throws {
        let stub = StubServer()
        let client = stub.client()
        for message in ["NEW_CODE_FROM_2030 : first", "EMAIL_NOT_FOUND", "NEW_CODE_FROM_2030 : again"] {
            stub.replyError("accounts:signInWithPassword", message)
            _ = try? await client.signIn(email: "ann@example.com", password: "pw-123456")
        }
        #expect(client.unrecognizedErrorCodes == ["NEW_CODE_FROM_2030"])
    }

    /// Google's front end answers a bad API key with a sentence; its `reason` names the code.
    @Test func aSentenceIsReadByItsReason() {
        let body = Data(#"""
            {"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT",
             "details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}
            """#.utf8)
        let error = RESTErrorMapping.error(status: 400, body: body, operation: "op", secrets: [])
        #expect(error.code == .appNotAuthorized)
        #expect(error.unrecognizedCode == nil)
        let bare = Data(#"{"error":{"code":400,"message":"Something new happened.","status":"FAILED_PRECONDITION"}}"#.utf8)
        #expect(RESTErrorMapping.error(status: 400, body: bare, operation: "op", secrets: []).unrecognizedCode
            == "FAILED_PRECONDITION")
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
