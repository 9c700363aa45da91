import AuthCore
import Foundation
import Testing
@testable import FauthCLI
@testable import LocalAuth

@Suite struct ConfigurationFileTests {
    private func parse(_ json: String) throws(ConfigurationError) -> AuthConfiguration {
        try ConfigurationFile.parse(Data(json.utf8)).configuration
    }

    @Test func anEmptyObjectGivesFirebaseUIsDefaults() throws {
        #expect(try parse("{}") == AuthConfiguration())
        let defaults = AuthConfiguration()
        #expect(defaults.interactiveDismissEnabled)
        #expect(defaults.allowedSecondFactors == [.sms, .totp])
        #expect(defaults.mfaIssuer == "Firebase Auth")
    }

    @Test func readsEveryField() throws {
        let configuration = try parse("""
            {"logo": "ACME", "languageCode": "fr", "shouldHideCancelButton": true,
             "interactiveDismissEnabled": false, "shouldAutoUpgradeAnonymousUsers": true,
             "legacyFetchSignInWithEmail": true, "customStringsBundle": "/x/Custom.strings",
             "tosUrl": "https://example.com/tos", "privacyPolicyUrl": "https://example.com/privacy",
             "emailLinkSignInActionCodeSettings": {"url": "https://example.com/link", "handleCodeInApp": true},
             "verifyEmailActionCodeSettings": {"url": "https://example.com/verify"},
             "mfaEnabled": true, "allowedSecondFactors": ["totp"], "mfaIssuer": "ACME", "defaultCountryCode": "jp"}
            """)
        #expect(configuration == AuthConfiguration(
            logo: "ACME", languageCode: "fr", shouldHideCancelButton: true, interactiveDismissEnabled: false,
            shouldAutoUpgradeAnonymousUsers: true, legacyFetchSignInWithEmail: true,
            customStringsBundle: "/x/Custom.strings", tosUrl: URL(string: "https://example.com/tos"),
            privacyPolicyUrl: URL(string: "https://example.com/privacy"),
            emailLinkSignInActionCodeSettings: ActionCodeSettings(url: "https://example.com/link"),
            verifyEmailActionCodeSettings: ActionCodeSettings(url: "https://example.com/verify"),
            mfaEnabled: true, allowedSecondFactors: [.totp], mfaIssuer: "ACME", defaultCountryCode: "JP"))
        #expect(configuration.showsTermsAndPrivacy)
    }

    @Test func provisioningIsACommandLine() throws {
        #expect(try parse(#"{"provisioning": "./bin/setup --quiet"}"#).provisioning == "./bin/setup --quiet")
        #expect(throws: ConfigurationError(path: "provisioning", .configMissing)) { try parse(#"{"provisioning": " "}"#) }
        #expect(throws: ConfigurationError(path: "provisioning", .configTypeMismatch, .word(.jsonString),
                                           .word(.jsonArray))) { try parse(#"{"provisioning": ["setup"]}"#) }
    }

    @Test func recentLoginMaxAgeIsWholeSecondsAboveZero() throws {
        #expect(try ConfigurationFile.parse(Data("{}".utf8)).recentLoginMaxAge == nil)
        #expect(try ConfigurationFile.parse(Data(#"{"recentLoginMaxAge": 10}"#.utf8)).recentLoginMaxAge == 10)
        for bad in ["0", "-1", "2.5"] {
            #expect(throws: ConfigurationError(path: "recentLoginMaxAge", .configNotPositiveSeconds)) {
                try ConfigurationFile.parse(Data(#"{"recentLoginMaxAge": \#(bad)}"#.utf8))
            }
        }
        #expect(throws: ConfigurationError(path: "recentLoginMaxAge", .configTypeMismatch, .word(.jsonNumber),
                                           .word(.jsonString))) {
            try ConfigurationFile.parse(Data(#"{"recentLoginMaxAge": "5"}"#.utf8))
        }
    }

    @Test func readsProvidersInOrderIncludingCustomOIDC() throws {
        let json = ##"{"providers": ["emailLink", "email", "google", "github.com", {"id": "oidc.line", "##
            + ##""displayName": "LINE", "label": "Log in with LINE", "backgroundColor": "#00C300", "##
            + ##""foregroundColor": "#FFFFFF"}]}"##
        let file = try ConfigurationFile.parse(Data(json.utf8))
        let line = IdentityProviderButton(providerID: "oidc.line", displayName: "LINE", label: "Log in with LINE",
                                          backgroundColor: "#00C300", foregroundColor: "#FFFFFF")
        #expect(file.providers == [.emailLink, .email, .identityProvider(IdentityProviderButton.builtIn[0]),
                                   .identityProvider(IdentityProviderButton.builtIn[4]), .identityProvider(line)])
    }

    @Test func readsScopesAndCustomParametersOfBuiltInAndOIDCProviders() throws {
        let json = ##"{"providers": [{"id": "google", "scopes": ["https://www.googleapis.com/auth/drive.readonly"], "##
            + ##""customParameters": {"prompt": "select_account"}}, {"id": "oidc.line", "scopes": ["profile"]}]}"##
        let file = try ConfigurationFile.parse(Data(json.utf8))
        var google = IdentityProviderButton.builtIn[0]
        google.scopes = ["https://www.googleapis.com/auth/drive.readonly"]
        google.customParameters = ["prompt": "select_account"]
        let line = IdentityProviderButton(providerID: "oidc.line", displayName: "line", scopes: ["profile"])
        #expect(file.providers == [.identityProvider(google), .identityProvider(line)])
    }

    /// Issue 27 item 9: plain HTTP is accepted for this machine only, and refused in the interface's language.
    @Test func deviceEndpointsOnThisMachineMayUsePlainHTTP() throws {
        for host in ["127.0.0.1:8080", "localhost", "[::1]:9"] {
            let json = #"{"providers": [{"id": "oidc.x", "deviceClientId": "c", "#
                + #""deviceAuthorizationEndpoint": "http://\#(host)/d", "deviceTokenEndpoint": "HTTP://\#(host)/t"}]}"#
            #expect(throws: Never.self) { try ConfigurationFile.parse(Data(json.utf8)) }
        }
        let json = #"{"providers": [{"id": "github", "deviceClientId": "c", "deviceTokenEndpoint": "http://10.0.0.1/t"}]}"#
        #expect(throws: ConfigurationError(path: "providers[0].deviceTokenEndpoint", .configNotSecureURL)) {
            try ConfigurationFile.parse(Data(json.utf8))
        }
        let error = ConfigurationError(path: "p", .configNotSecureURL)
        #expect(error.message(.builtIn(language: "de")) == "p: https-URL erwartet (http nur für diesen Rechner)")
    }

    @Test func readsDeviceSignInSettingsWithOptionalSecretAndEndpoints() throws {
        let json = ##"{"providers": [{"id": "google", "deviceClientId": "123.apps", "deviceClientSecret": "s3"}, "##
            + ##"{"id": "oidc.corp", "deviceClientId": "tv", "##
            + ##""deviceAuthorizationEndpoint": "https://id.corp.example/device", "##
            + ##""deviceTokenEndpoint": "https://id.corp.example/token"}]}"##
        let file = try ConfigurationFile.parse(Data(json.utf8))
        var google = IdentityProviderButton.builtIn[0]
        google.deviceSignIn = DeviceSignInSettings(clientID: "123.apps", clientSecret: "s3")
        let corp = IdentityProviderButton(
            providerID: "oidc.corp", displayName: "corp",
            deviceSignIn: DeviceSignInSettings(clientID: "tv",
                                               deviceAuthorizationEndpoint: URL(string: "https://id.corp.example/device"),
                                               tokenEndpoint: URL(string: "https://id.corp.example/token")))
        #expect(file.providers == [.identityProvider(google), .identityProvider(corp)])
    }

    @Test(arguments: [
        (#"{"providers": [{"id": "github", "deviceClientSecret": "s"}]}"#, "providers[0].deviceClientId: missing"),
        (#"{"providers": [{"id": "github", "deviceClientId": 7}]}"#,
         "providers[0].deviceClientId: expected a string, found a number"),
        (#"{"providers": [{"id": "github", "deviceClientId": "c", "deviceTokenEndpoint": "token"}]}"#,
         "providers[0].deviceTokenEndpoint: expected an absolute URL"),
        (#"{"providers": [{"id": "apple", "deviceClientId": "c"}]}"#,
         "providers[0].deviceAuthorizationEndpoint: missing"),
        // Issue 27 item 9: the client secret and tokens never cross the network in clear.
        (#"{"providers": [{"id": "github", "deviceClientId": "c", "deviceTokenEndpoint": "http://id.example/t"}]}"#,
         "providers[0].deviceTokenEndpoint: expected an https URL (http only for this machine)"),
        (#"{"providers": [{"id": "oidc.x", "deviceClientId": "c", "deviceAuthorizationEndpoint": "ftp://x/d", "#
            + #""deviceTokenEndpoint": "https://x/t"}]}"#,
         "providers[0].deviceAuthorizationEndpoint: expected an https URL (http only for this machine)"),
        (#"{"providers": [{"id": "oidc.x", "deviceClientId": "c", "deviceAuthorizationEndpoint": "https://x/d"}]}"#,
         "providers[0].deviceTokenEndpoint: missing"),
        (#"{"providers": [{"id": "github", "scopes": "repo"}]}"#, "providers[0].scopes: expected an array, found a string"),
        (#"{"providers": [{"id": "github", "scopes": [1]}]}"#, "providers[0].scopes[0]: expected a string, found a number"),
        (#"{"providers": [{"id": "github", "customParameters": {"allow_signup": false}}]}"#,
         "providers[0].customParameters.allow_signup: expected a string, found a boolean"),
        (#"{"providers": ["myspace"]}"#, #"providers[0]: unknown sign-in method "myspace""#),
        (#"{"providers": [{"id": "line"}]}"#, #"providers[0].id: expected "oidc.<name>""#),
        (#"{"providers": [{"id": "oidc.x", "backgroundColor": "green"}]}"#,
         ##"providers[0].backgroundColor: expected a color like "#00C300""##),
        (#"{"providers": [{"label": "x"}]}"#, "providers[0].id: missing"),
        (#"{"shouldHideCancelButon": true}"#, "shouldHideCancelButon: unknown key"),
        (#"{"defaultCountryCode": "QQ"}"#, #"defaultCountryCode: expected an ISO country code such as "JP""#),
        (#"{"mfaEnabled": "yes"}"#, "mfaEnabled: expected a boolean, found a string"),
        (#"{"mfaEnabled": 1}"#, "mfaEnabled: expected a boolean, found a number"),
        (#"{"logo": null}"#, "logo: expected a string, found null"),
        (#"{"tosUrl": "not a url"}"#, "tosUrl: expected an absolute URL"),
        (#"{"emailLinkSignInActionCodeSettings": {"url": 3}}"#,
         "emailLinkSignInActionCodeSettings.url: expected a string, found a number"),
        (#"{"emailLinkSignInActionCodeSettings": {"handleCodeInApp": true}}"#,
         "emailLinkSignInActionCodeSettings.url: missing"),
        (#"{"verifyEmailActionCodeSettings": {"url": "https://e.x", "extra": 1}}"#,
         "verifyEmailActionCodeSettings.extra: unknown key"),
        (#"{"allowedSecondFactors": ["sms", "voice"]}"#, #"allowedSecondFactors[1]: expected "sms" or "totp""#),
        (#"{"allowedSecondFactors": "sms"}"#, "allowedSecondFactors: expected an array, found a string"),
        ("[1]", "expected an object at the top level, found an array"),
        ("{oops", "not valid JSON"),
    ])
    func reportsTheKeyPathOfEveryProblem(json: String, message: String) {
        #expect {
            try parse(json)
        } throws: { error in
            "\(error)" == message
        }
    }
}

@Suite struct RecentLoginConfigurationTests {
    @Test func theLocalBackendTakesTheConfiguredMaximumAge() throws {
        let options = try LaunchOptions.parse(["--store", ":memory:"])
        let configured = try Backend.open(options: options, environment: [:], recentLoginMaxAge: 12)
        #expect((configured.client as? LocalAuthClient)?.engine.recentLoginMaxAge == 12)
        let unset = try Backend.open(options: options, environment: [:], recentLoginMaxAge: nil)
        #expect((unset.client as? LocalAuthClient)?.engine.recentLoginMaxAge == 300)
    }
}
