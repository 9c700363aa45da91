import AuthCore
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import FirebaseAuthREST

@Suite struct DeviceAuthorizationTests {
    private static let grant = #"""
        {"device_code":"DEV-SECRET","user_code":"WDJB-MJHT","verification_uri":"https://example.com/device",
         "verification_uri_complete":"https://example.com/device?user_code=WDJB-MJHT","expires_in":600,"interval":2}
        """#

    /// A client of `server` whose waits are recorded instead of slept.
    private func client(_ server: FakeDeviceAuthorizationServer, _ providerID: String = "google.com",
                        kind: DeviceAuthorizationProvider.TokenKind = .idToken, waits: Waits)
        -> DeviceAuthorizationClient {
        DeviceAuthorizationClient(provider: server.provider(providerID, kind: kind), timeout: 10,
                                  sleep: { waits.record($0) })
    }

    @Test func pendingThenSlowDownThenApprovalSignsInWithTheIDToken() async throws {
        let server = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [
            .error("authorization_pending"), .error("slow_down"), .error("authorization_pending"),
            .tokens(#"{"access_token":"G-AT","id_token":"G-ID","token_type":"Bearer"}"#),
        ])
        let waits = Waits()
        let client = client(server, waits: waits)

        let grant = try await client.requestCode()
        #expect(grant.userCode == "WDJB-MJHT")
        #expect(grant.verificationURI.absoluteString == "https://example.com/device")
        #expect(grant.verificationURIComplete?.absoluteString == "https://example.com/device?user_code=WDJB-MJHT")
        #expect(server.forms("/device/code") == [["client_id": "device-client", "scope": "openid email"]])

        let credential = try await client.credential(for: grant)
        #expect(credential == IdentityProviderCredential(providerID: "google.com", idToken: "G-ID"))
        #expect(waits.all == [.seconds(2), .seconds(2), .seconds(7), .seconds(7)])
        let polls = server.forms("/token")
        #expect(polls.count == 4)
        #expect(polls.allSatisfy {
            $0 == ["grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": "DEV-SECRET",
                   "client_id": "device-client"]
        })
    }

    @Test func anAccessTokenProviderSignsInWithTheAccessTokenInThePostBody() async throws {
        let server = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [
            .tokens(#"{"access_token":"GH-AT","token_type":"bearer","scope":"read:user"}"#),
        ])
        let client = client(server, "github.com", kind: .accessToken, waits: Waits())
        let credential = try await client.credential(for: try await client.requestCode())
        #expect(credential == IdentityProviderCredential(providerID: "github.com", accessToken: "GH-AT"))

        let stub = StubServer()
        stub.replySignIn("accounts:signInWithIdp")
        _ = try await stub.client(production: true).signIn(with: .identityProvider(credential))
        let request = try #require(stub.requests("accounts:signInWithIdp").first)
        let postBody = RecordedRequest.formFields(try #require(request.string("postBody")))
        #expect(postBody == ["access_token": "GH-AT", "providerId": "github.com"])
    }

    @Test func anExpiredCodeEndsThePollingAsTimedOut() async throws {
        let server = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [
            .error("authorization_pending"), .error("expired_token"),
        ])
        let client = client(server, waits: Waits())
        let error = await #expect(throws: AuthError.self) {
            try await client.credential(for: try await client.requestCode())
        }
        #expect(error?.code == .webSignInTimedOut)
        #expect(server.forms("/token").count == 2)
        #expect(error?.detail?.contains("DEV-SECRET") == false)
    }

    @Test func aDeniedRequestEndsThePollingAsCancelled() async throws {
        let server = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [.error("access_denied")])
        let client = client(server, waits: Waits())
        let error = await #expect(throws: AuthError.self) {
            try await client.credential(for: try await client.requestCode())
        }
        #expect(error?.code == .webContextCancelled)
        #expect(server.forms("/token").count == 1)
    }

    @Test func cancellingTheWaitStopsPollingAsCancelled() async throws {
        let server = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [.error("authorization_pending")])
        let client = DeviceAuthorizationClient(provider: server.provider("google.com", kind: .idToken),
                                               sleep: { _ in throw CancellationError() })
        let error = await #expect(throws: AuthError.self) {
            try await client.credential(for: try await client.requestCode())
        }
        #expect(error?.code == .webContextCancelled)
        #expect(server.forms("/token").isEmpty)
    }

    @Test func aGrantWithoutAUserCodeIsRefused() async throws {
        let server = try FakeDeviceAuthorizationServer(
            grant: #"{"device_code":"D","verification_uri":"https://example.com/device","expires_in":600}"#,
            replies: [])
        let error = await #expect(throws: AuthError.self) {
            try await client(server, waits: Waits()).requestCode()
        }
        #expect(error?.code == .internalError)
    }

    @Test func pollingStopsBeforeTheCodeExpires() {
        let start = ContinuousClock.now
        let grant = DeviceCodeGrant(deviceCode: "D", userCode: "U", verificationURI: URL(string: "https://x")!,
                                    expiresAt: start + .seconds(12), interval: .seconds(5))
        let provider = DeviceAuthorizationProvider.standard(providerID: "google.com", clientID: "c")!
        var polling = DeviceTokenPolling(provider: provider, grant: grant)
        #expect(polling.step(after: .error("authorization_pending"), at: start) == .wait(.seconds(5)))
        #expect(polling.step(after: .error("authorization_pending"), at: start + .seconds(6)) == .wait(.seconds(5)))
        guard case .fail(let error) = polling.step(after: .error("slow_down"), at: start + .seconds(6)) else {
            Issue.record("a wait past the expiry was scheduled")
            return
        }
        #expect(error.code == .webSignInTimedOut)
        #expect(polling.interval == .seconds(10))
    }

    @Test(arguments: [(0, "https://oauth2.googleapis.com/token", 5), (2, "https://oauth2.googleapis.com/token", 5),
                      (9, "https://oauth2.googleapis.com/token", 9), (0, "http://127.0.0.1:8080/token", 1),
                      (0, "http://localhost/token", 1), (3, "http://[::1]:9/token", 3),
                      (0, "http://127.example.com/token", 5)])
    func pollsNeverFasterThanRFC8628sFiveSecondsOrOneOnThisMachine(granted: Int, tokenEndpoint: String,
                                                                    expected: Int) throws {
        let start = ContinuousClock.now
        let grant = DeviceCodeGrant(deviceCode: "D", userCode: "U", verificationURI: URL(string: "https://x")!,
                                    expiresAt: start + .seconds(600), interval: .seconds(granted))
        let provider = try #require(DeviceAuthorizationProvider.standard(
            providerID: "google.com", clientID: "c", tokenEndpoint: URL(string: tokenEndpoint)!))
        var polling = DeviceTokenPolling(provider: provider, grant: grant)
        #expect(polling.step(after: .error("authorization_pending"), at: start) == .wait(.seconds(expected)))
        #expect(polling.step(after: .error("slow_down"), at: start) == .wait(.seconds(expected + 5)))
    }

    @Test func knownProvidersHaveTheirPublishedEndpointsAndOverridesWin() throws {
        let github = try #require(DeviceAuthorizationProvider.standard(providerID: "github.com", clientID: "c"))
        #expect(github.deviceAuthorizationEndpoint.absoluteString == "https://github.com/login/device/code")
        #expect(github.tokenEndpoint.absoluteString == "https://github.com/login/oauth/access_token")
        #expect(github.tokenKind == .accessToken)
        let google = try #require(DeviceAuthorizationProvider.standard(providerID: "google.com", clientID: "c"))
        #expect(google.tokenEndpoint.absoluteString == "https://oauth2.googleapis.com/token")
        #expect(google.tokenKind == .idToken)
        let microsoft = try #require(DeviceAuthorizationProvider.standard(providerID: "microsoft.com", clientID: "c"))
        #expect(microsoft.deviceAuthorizationEndpoint.absoluteString
            == "https://login.microsoftonline.com/common/oauth2/v2.0/devicecode")
        let local = URL(string: "http://127.0.0.1:9/token")!
        #expect(DeviceAuthorizationProvider.standard(providerID: "google.com", clientID: "c",
                                                     tokenEndpoint: local)?.tokenEndpoint == local)
        #expect(DeviceAuthorizationProvider.standard(providerID: "oidc.corp", clientID: "c") == nil)
    }

    @Test func aButtonsDeviceSettingsGiveItsProviderWithTheButtonsScopesAdded() throws {
        var github = IdentityProviderButton.github()
        #expect(DeviceAuthorizationProvider(button: github) == nil)
        github.scopes = ["repo", "user:email"]
        github.deviceSignIn = DeviceSignInSettings(clientID: "Iv1.abc", clientSecret: "s")
        let provider = try #require(DeviceAuthorizationProvider(button: github))
        #expect(provider.clientID == "Iv1.abc" && provider.clientSecret == "s")
        #expect(provider.scopes == ["read:user", "user:email", "repo"])
        #expect(provider.tokenEndpoint.absoluteString == "https://github.com/login/oauth/access_token")
        var corp = IdentityProviderButton(providerID: "oidc.corp", displayName: "corp",
                                          deviceSignIn: DeviceSignInSettings(clientID: "tv"))
        #expect(DeviceAuthorizationProvider(button: corp) == nil)
        corp.deviceSignIn?.deviceAuthorizationEndpoint = URL(string: "https://id.corp.example/device")
        corp.deviceSignIn?.tokenEndpoint = URL(string: "https://id.corp.example/token")
        #expect(DeviceAuthorizationProvider(button: corp)?.tokenEndpoint.host == "id.corp.example")
    }

    @Test func githubFormAnswersAreRead() {
        let fields = DeviceAuthorizationClient.fields(of: Data("error=slow_down&error_description=too+fast".utf8))
        #expect(fields == ["error": "slow_down", "error_description": "too fast"])
    }
}

/// The waits a client asked for, in order.
private final class Waits: Sendable {
    private let waits = Mutex<[Duration]>([])

    func record(_ wait: Duration) { waits.withLock { $0.append(wait) } }

    var all: [Duration] { waits.withLock { $0 } }
}
