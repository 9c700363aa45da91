// How another Swift command-line tool presents fauth-tui's picker: configure `AuthService` in code with
// FirebaseUI's builder names, present the picker, then use the signed-in user. Built by `make test`; run it with
// `swift run fauth-embed-example [STORE]` (`:memory:` by default; `--plain` for line prompts).
import AuthCore
import FauthTUI
import Foundation
import LocalAuth

let arguments = CommandLine.arguments.dropFirst()
let client = try LocalAuthClient(path: arguments.first { !$0.hasPrefix("-") } ?? ":memory:")
let line = IdentityProviderButton(providerID: "oidc.line", displayName: "LINE", label: "Sign in with LINE",
                                  backgroundColor: "#00C300", foregroundColor: "#FFFFFF")
let service = AuthService(configuration: AuthConfiguration(tosUrl: URL(string: "https://example.com/terms"),
                                                           privacyPolicyUrl: URL(string: "https://example.com/privacy")),
                          client: client)
    .withEmailSignIn()
    .withPhoneSignIn()
    .withGoogleSignIn()
    .withOAuthSignIn(.github())
    .withOAuthSignIn(line)

let outcome = await AuthPickerView(service: service, inbox: client, isPlain: arguments.contains("--plain")).present()
if let signal = outcome.signal { exit(128 + signal) }
guard let user = outcome.user else {
    print("Nobody signed in.")
    exit(1)
}
// The session is the tool's now: who it is, and how they signed in.
let token = try await client.idTokenResult()
print("Hello, \(user.displayName ?? user.email ?? user.phoneNumber ?? "guest")! (user ID \(user.uid), "
      + "signed in with \(token.signInProvider))")
