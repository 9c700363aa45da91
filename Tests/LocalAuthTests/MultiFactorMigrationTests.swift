import AuthCore
import Foundation
@testable import LocalAuth
import Testing

@Suite("Store migrations of second factors and their limits")
struct MultiFactorMigrationTests {
    @Test("a version-3 store opens at the current version with its accounts, which can then enrol and refresh")
    func fromVersion3() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        _ = try Self.store(atVersion: 3, path: path)

        let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
        #expect(try SQLiteDatabase(path: path).first("PRAGMA user_version") { $0.integer(0) }
            == StoreSchema.currentVersion)
        let account = try #require(try engine.account(uid: "uid-ada"))
        #expect(try engine.secondFactors(uid: "uid-ada").isEmpty)
        let session = try engine.startTOTPEnrollment(uid: "uid-ada")
        let code = try TOTP.code(secret: try #require(Base32.decode(session.sharedSecretKey)), at: engine.now)
        _ = try engine.finishTOTPEnrollment(uid: "uid-ada", sessionInfo: session.sessionInfo, code: code,
                                            displayName: nil)
        #expect(try engine.secondFactors(uid: "uid-ada").count == 1)
        let signIn = LocalSignIn(account: account, provider: "password", authTime: engine.now, isNewUser: false)
        #expect(try engine.redeemRefreshToken(try engine.issueRefreshToken(for: signIn))?.account.uid == "uid-ada")
    }

    @Test("a version-6 store keeps its session, which names no second factor")
    func fromVersion6() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        try Self.store(atVersion: 6, path: path).run("""
            INSERT INTO session (id, uid, sign_in_provider, auth_time) VALUES (1, 'uid-ada', 'password', 1700000100)
            """)

        let client = try makeClient(path: path)
        #expect(try await client.currentUser()?.uid == "uid-ada")
        #expect(try await client.idTokenResult() == IDTokenResult(
            signInProvider: "password", authTime: Date(timeIntervalSince1970: 1_700_000_100),
            expirationDate: TestClock().now.addingTimeInterval(IDToken.lifetime)))
    }

    @Test("a version-7 store (through 8) keeps its second factors, whose ids then need to be unique per account only")
    func fromVersion7() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        try Self.store(atVersion: 7, path: path).run("""
            INSERT INTO mfa_enrollments (enrollment_id, uid, kind, display_name, phone_number, enrolled_at)
            VALUES ('factor-1', 'uid-ada', 'sms', 'Phone', '+15555550100', 1700000000)
            """)

        let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
        #expect(try engine.secondFactors(uid: "uid-ada").map(\.id) == ["factor-1"])
        #expect(try engine.account(uid: "uid-ada")?.initialEmail == nil)
        #expect(try engine.account(uid: "uid-ada")?.screenName == nil)
        try expectEnrollmentIDsPerAccount(engine)
    }

    @Test("a version-8 store (identity providers' screen names and pictures) keeps them and its second factors")
    func fromVersion8() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        try Self.store(atVersion: 8, path: path).execute("""
            UPDATE accounts SET screen_name = 'ada_l', photo_url = 'https://example.com/ada.png';
            INSERT INTO federated_identities (provider_id, subject, uid, linked_at, email, display_name, photo_url,
                screen_name)
            VALUES ('twitter.com', 'tw-1', 'uid-ada', 1700000000, 'ada@example.com', 'Ada',
                'https://example.com/tw.png', 'ada_l');
            INSERT INTO mfa_enrollments (enrollment_id, uid, kind, display_name, phone_number, enrolled_at)
            VALUES ('factor-1', 'uid-ada', 'sms', 'Phone', '+15555550100', 1700000000);
            INSERT INTO oob_codes (code, kind, email_key, expires_at) VALUES ('code-1', 'VERIFY_EMAIL',
                'ada@example.com', 1700003600);
            """)

        let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
        #expect(try SQLiteDatabase(path: path).first("PRAGMA user_version") { $0.integer(0) }
            == StoreSchema.currentVersion)
        let ada = try #require(try engine.account(uid: "uid-ada"))
        #expect(ada.screenName == "ada_l")
        #expect(ada.photoURL == "https://example.com/ada.png")
        #expect(ada.initialEmail == nil)
        #expect(ada.identities == [LinkedIdentity(providerID: "twitter.com", subject: "tw-1",
                                                  email: "ada@example.com", displayName: "Ada",
                                                  photoURL: "https://example.com/tw.png", screenName: "ada_l")])
        #expect(try engine.secondFactors(uid: "uid-ada").map(\.id) == ["factor-1"])
        #expect(try SQLiteDatabase(path: path).first("SELECT count(*) FROM oob_codes WHERE new_email IS NULL") {
            $0.integer(0)
        } == 1)
        try expectEnrollmentIDsPerAccount(engine)
    }

    /// Enrolment ids are unique per account only (schema 9): another account enrols its own "factor-1", and
    /// uid-ada's keeps its number.
    private func expectEnrollmentIDsPerAccount(_ engine: LocalAuthEngine) throws {
        var bob = AccountChanges()
        bob.uid = "uid-bob"
        bob.email = "bob@example.com"
        bob.secondFactors = [.sms(id: "factor-1", displayName: nil, phoneNumber: "+15555550101",
                                  enrolledAt: engine.now)]
        _ = try engine.createAccount(bob)
        #expect(try engine.secondFactors(uid: "uid-bob").map(\.phoneNumber) == ["+15555550101"])
        #expect(try engine.secondFactors(uid: "uid-ada").map(\.phoneNumber) == ["+15555550100"])
    }

    /// A store at schema `version` at `path` with one verified password account, uid-ada.
    private static func store(atVersion version: Int, path: String) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        for step in 0..<version { try database.execute(StoreSchema.migrations[step]) }
        try database.execute("PRAGMA user_version = \(version)")
        try database.run("""
            INSERT INTO accounts (uid, email, email_key, email_verified, providers, created_at)
            VALUES ('uid-ada', 'ada@example.com', 'ada@example.com', 1, 'password', 1700000000)
            """)
        return database
    }
}
