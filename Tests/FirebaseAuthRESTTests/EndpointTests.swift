import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct EndpointTests {
    @Test func productionAndEmulatorURLs() {
        let production = FirebaseEndpoint.production(apiKey: "AIza-key")
        #expect(production.identityToolkit("v1/accounts:signUp")?.absoluteString
            == "https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=AIza-key")
        #expect(production.secureToken?.absoluteString == "https://securetoken.googleapis.com/v1/token?key=AIza-key")
        #expect(production.emulatorProject("oobCodes") == nil)

        let emulator = FirebaseEndpoint.emulator(host: "127.0.0.1", port: 9099, projectID: "demo-x")
        #expect(emulator.identityToolkit("v2/accounts/mfaSignIn:start")?.absoluteString
            == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start?key=fake-api-key")
        #expect(emulator.secureToken?.absoluteString
            == "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token?key=fake-api-key")
        #expect(emulator.emulatorProject("oobCodes")?.absoluteString
            == "http://127.0.0.1:9099/emulator/v1/projects/demo-x/oobCodes?key=fake-api-key")
        #expect(FirebaseEndpoint.emulator(host: "::1", port: 9099, projectID: "p").secureToken?.host == "::1")
    }

    @Test func labelsNeverShowTheKey() {
        #expect(FirebaseEndpoint.production(apiKey: "AIza-key").label == "Firebase")
        #expect(FirebaseEndpoint.emulator(host: "localhost", port: 9099, projectID: "demo-x", apiKey: "k").label
            == "Firebase emulator localhost:9099 (demo-x)")
    }

    @Test func nothingSelectedKeepsTheEmbeddedBackend() throws {
        #expect(try FirebaseEndpoint.fromEnvironment([:], apiKey: nil, emulator: nil, project: nil) == nil)
        #expect(try FirebaseEndpoint.fromEnvironment(["FIREBASE_API_KEY": " "], apiKey: "", emulator: nil,
                                                     project: "p") == nil)
    }

    @Test func anAPIKeySelectsProduction() throws {
        #expect(try FirebaseEndpoint.fromEnvironment([:], apiKey: "K1", emulator: nil, project: nil)
            == .production(apiKey: "K1"))
        #expect(try FirebaseEndpoint.fromEnvironment(["FIREBASE_API_KEY": "K2"], apiKey: nil, emulator: nil,
                                                     project: nil) == .production(apiKey: "K2"))
        #expect(try FirebaseEndpoint.fromEnvironment(["FIREBASE_API_KEY": "K2"], apiKey: "K1", emulator: nil,
                                                     project: nil) == .production(apiKey: "K1"))
    }

    @Test func anEmulatorAddressSelectsTheEmulator() throws {
        #expect(try FirebaseEndpoint.fromEnvironment([:], apiKey: nil, emulator: "127.0.0.1:9199", project: nil)
            == .emulator(host: "127.0.0.1", port: 9199, projectID: "demo-fauth-tui", apiKey: "fake-api-key"))
        let environment = ["FIREBASE_AUTH_EMULATOR_HOST": "localhost:9099", "GCLOUD_PROJECT": "demo-g",
                           "FIREBASE_PROJECT": "demo-f"]
        #expect(try FirebaseEndpoint.fromEnvironment(environment, apiKey: nil, emulator: nil, project: nil)
            == .emulator(host: "localhost", port: 9099, projectID: "demo-g"))
        #expect(try FirebaseEndpoint.fromEnvironment(["FIREBASE_AUTH_EMULATOR_HOST": "[::1]:9000",
                                                      "FIREBASE_PROJECT": "demo-f"],
                                                     apiKey: nil, emulator: nil, project: nil)
            == .emulator(host: "::1", port: 9000, projectID: "demo-f"))
        #expect(try FirebaseEndpoint.fromEnvironment(environment, apiKey: nil, emulator: "emu:9199", project: "demo-p")
            == .emulator(host: "emu", port: 9199, projectID: "demo-p"))
    }

    @Test func flagsWinOverTheEnvironmentAndAnEmulatorOverAKey() throws {
        let environment = ["FIREBASE_AUTH_EMULATOR_HOST": "localhost:9099", "FIREBASE_API_KEY": "ENVKEY"]
        #expect(try FirebaseEndpoint.fromEnvironment(environment, apiKey: nil, emulator: nil, project: nil)
            == .emulator(host: "localhost", port: 9099, projectID: "demo-fauth-tui", apiKey: "ENVKEY"))
        #expect(try FirebaseEndpoint.fromEnvironment(environment, apiKey: "FLAGKEY", emulator: nil, project: nil)
            == .production(apiKey: "FLAGKEY"))
        #expect(try FirebaseEndpoint.fromEnvironment(environment, apiKey: "FLAGKEY", emulator: "h:1", project: nil)
            == .emulator(host: "h", port: 1, projectID: "demo-fauth-tui", apiKey: "FLAGKEY"))
    }

    @Test(arguments: ["nonsense", "[::1]", "host:", "host:port", "host:70000", ":9099", "[::1", "[::1]9099",
                      "bad host:9099"])
    func aMalformedEmulatorAddressIsAnError(address: String) {
        #expect(throws: EndpointConfigurationError.self) {
            try FirebaseEndpoint.fromEnvironment([:], apiKey: nil, emulator: address, project: nil)
        }
    }
}
