import AuthCore
import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport
@testable import FirebaseAuthREST

/// A device-code sign-in end to end: a fake provider approves after one pending poll, and the token it issues
/// signs in to `fauth-tui emulator`'s Identity Toolkit, which reads the provider's claims from `postBody`.
@Suite struct DeviceSignInEmulatorTests {
    private static let grant = #"""
        {"device_code":"DEV","user_code":"BDWP-HQPK","verification_uri":"https://example.com/device",
         "expires_in":900,"interval":1}
        """#

    /// Polls `provider` at `server` to its credential and signs in to the emulator with it.
    private func signIn(_ providerID: String, kind: DeviceAuthorizationProvider.TokenKind,
                        token: String) async throws -> User {
        let server = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [
            .error("authorization_pending"), .tokens(#"{"\#(kind.rawValue)":\#(token),"token_type":"Bearer"}"#),
        ])
        let device = DeviceAuthorizationClient(provider: server.provider(providerID, kind: kind), timeout: 10,
                                               sleep: { _ in })
        let credential = try await device.credential(for: try await device.requestCode())
        let (emulator, client) = try loopbackEmulator(projectID: "demo-device")
        defer { emulator.stop(gracePeriod: .zero) }
        guard case .signedIn(let user) = try await client.signIn(with: .identityProvider(credential)) else {
            throw AuthError(.internalError, detail: "no user")
        }
        return user
    }

    @Test func aProvidersIDTokenSignsInWithItsClaims() async throws {
        let claims = #"{"sub":"g-42","email":"tv@example.com","email_verified":true,"name":"TV"}"#
        let token = String(decoding: try JSONSerialization.data(withJSONObject: claims, options: .fragmentsAllowed),
                           as: UTF8.self)
        let user = try await signIn("google.com", kind: .idToken, token: token)
        #expect(user.email == "tv@example.com" && user.displayName == "TV")
        #expect(user.providerIDs.contains("google.com"))
    }

    @Test func aProvidersAccessTokenSignsInWithItsClaims() async throws {
        let claims = #"{"sub":"gh-7","email":"octo@example.com","name":"Octo"}"#
        let token = String(decoding: try JSONSerialization.data(withJSONObject: claims, options: .fragmentsAllowed),
                           as: UTF8.self)
        let user = try await signIn("github.com", kind: .accessToken, token: token)
        #expect(user.email == "octo@example.com" && user.providerIDs == ["github.com"])
    }
}
