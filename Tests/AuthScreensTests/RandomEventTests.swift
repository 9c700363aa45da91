import AuthCore
import AuthFlow
import Foundation
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// Drives the Navigator with seeded random keys and call results from several start states, checking its
/// invariants after every event. A failure prints the seed; `RANDOM_EVENTS_SEED=<n>` replays it.
@Suite struct RandomEventTests {
    /// Text typed whole: letters, precomposed and decomposed accents, a ZWJ emoji, digits and links.
    static let clusters = ["a", "Z", "7", "@", ".", " ", "é", "e\u{301}", "👩‍💻", "日", "+", "-"]
    /// Scalars that merge with what is before them (a combining accent, a joiner, a regional indicator).
    static let mergingScalars = ["a", "\u{301}", "\u{200D}", "👩", "💻", "🇯", "🇵"]

    /// Every start state × 20,000 events: at least 140,000 events in all.
    @Test(arguments: starts.indices)
    func twentyThousandRandomEventsKeepEveryInvariant(start: Int) {
        let seed = Self.seed()
        var walk = RandomWalk(state: Self.starts[start], seed: seed &+ UInt64(start), alphabet: Self.clusters)
        if walk.run(events: 20_000, startName: "start \(start)") > 0 {
            Issue.record("random events failed; replay with RANDOM_EVENTS_SEED=\(seed)")
        }
    }

    /// Scalars typed one by one, so each merges with the grapheme before it (issue 9's crash).
    @Test func lonelyCombiningScalarsKeepEveryInvariant() {
        let seed = Self.seed()
        var walk = RandomWalk(state: Self.starts[0], seed: seed, alphabet: Self.mergingScalars)
        if walk.run(events: 20_000, startName: "picker") > 0 {
            Issue.record("random events failed; replay with RANDOM_EVENTS_SEED=\(seed)")
        }
    }

    /// `ScreenStates.browserSignIn`'s screen over a picker of every method on a Firebase backend.
    static var browserSignInOverEveryMethod: NavigatorState {
        let waiting = ScreenStates.browserSignIn.state
        var state = ScreenStates(providers: ScreenStates.allMethods, signsInWithBrowser: true).state
        state.path = waiting.path
        state.nextOperationID = waiting.nextOperationID
        return state
    }

    /// Bo, signed in with a password on a Firebase backend offering every method.
    static var signedInOnAFirebaseBackend: NavigatorState {
        let state = NavigatorState(configuration: AuthConfiguration(), providers: ScreenStates.allMethods,
                                   signsInWithBrowser: true, canOpenBrowser: true)
        let bo = User(uid: "u2", email: "bo@example.com", providerIDs: ["password"])
        return Navigator.update(Navigator.update(state, .started).0,
                                .responded(operationID: 1, .success(SessionSnapshot(user: bo)))).0
    }

    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["RANDOM_EVENTS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    }

    /// Signed out with every method; signed in; legacy recovery with a hidden Cancel and no Esc on sheets;
    /// a guest being upgraded; a live project without an inbox; a loading session; signed in with second factors
    /// offered; a device code shown; a browser sign-in waiting over every method (its wait answered by the walk
    /// like any call, the inbox's emails able to lead away from it); signed in on a Firebase backend, where links
    /// and reauthentications reach the providers.
    static var starts: [NavigatorState] {
        let methods = ScreenStates.allMethods
        var states = [
            ScreenStates(providers: methods).state,
            ScreenStates.signedIn.state,
            ScreenStates(providers: methods, configuration: AuthConfiguration(
                shouldHideCancelButton: true, interactiveDismissEnabled: false, legacyFetchSignInWithEmail: true)).state,
            ScreenStates(providers: methods, user: User(uid: "g", isAnonymous: true),
                         configuration: AuthConfiguration(shouldAutoUpgradeAnonymousUsers: true)).state,
            NavigatorState(configuration: AuthConfiguration(), providers: [.email, .phone], hasInbox: false),
            ScreenStates(providers: methods, user: User(uid: "u1", email: "ann@example.com"),
                         configuration: AuthConfiguration(mfaEnabled: true)).state,
            ScreenStates.deviceSignIn.state,
            browserSignInOverEveryMethod,
            signedInOnAFirebaseBackend,
        ]
        states[4] = Navigator.update(states[4], .started).0
        return states
    }
}

/// SplitMix64: a small, seedable generator.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One random walk: keys through the key map, results of calls in any order (late ones included), clock ticks.
struct RandomWalk {
    var state: NavigatorState
    var random: SeededGenerator
    let alphabet: [String]
    /// Calls started and not yet answered, abandoned ones included.
    var pending: [(id: Int, call: AuthCall)] = []
    /// The waiting screens' background waits (a browser's return, a device code's approval).
    var waits: BackgroundWaits
    var now = Date(timeIntervalSince1970: 1_000)

    init(state: NavigatorState, seed: UInt64, alphabet: [String]) {
        self.state = state
        random = SeededGenerator(state: seed)
        self.alphabet = alphabet
        if let operation = state.operation { pending.append((operation.id, operation.call)) }
        pending += state.path.compactMap(BackgroundWaits.wait(of:))
        waits = BackgroundWaits(state)
    }

    static let keys: [Key] = [.tab, .backTab, .enter, .enter, .escape, .up, .down, .left, .right, .pageUp, .pageDown,
                              .home, .end, .backspace, .delete, .control("r"), .function(2), .control("u"),
                              .control("k"), .control("w"), .character(" ")]
    /// The terminal sizes the screen is measured at: the smallest, a small one and the usual.
    static let sizes = [Size(width: 30, height: 10), Size(width: 40, height: 12), Size(width: 80, height: 24)]
    static let context = ScreenContext(strings: .builtIn(language: "en"))
    static let pastes = ["ann@example.com", "secret-1", "650 555 1234", "123456",
                         "https://fauth-tui.local/__/auth/action?mode=signIn&oobCode=L1NK"]

    /// Runs `events` events; returns how many invariant failures were recorded (stops at the first).
    mutating func run(events: Int, startName: String) -> Int {
        for step in 0..<events {
            let before = state
            let event = nextEvent()
            let (next, effects) = Navigator.update(state, event)
            state = next
            for case .run(let id, let call) in effects { pending.append((id, call)) }
            waits.update(after: event, effects: effects, in: next)
            // The footer costs a dozen Navigator updates and the frame two renders: sampled, not every event.
            let broken = NavigatorInvariants.violations(before: before, event: event, after: next)
                + waits.violations(in: next)
                + (step % 10 == 0 ? NavigatorInvariants.footerViolations(next) : [])
                + (step % 997 == 0 ? NavigatorInvariants.renderViolations(next) : [])
            if !broken.isEmpty {
                Issue.record("\(startName), step \(step), after \(event): \(broken.joined(separator: "; "))")
                return 1
            }
        }
        return 0
    }

    private mutating func nextEvent() -> NavigatorEvent {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 12, !pending.isEmpty {
            let index = Int.random(in: 0..<pending.count, using: &random)
            let (id, call) = pending.remove(at: index)
            return .responded(operationID: id, response(to: call))
        }
        if roll < 15 {
            now += Double(Int.random(in: 1...20, using: &random))
            return .clockTicked(now)
        }
        // The run loop measures the screen before a frame and before a scroll key, at the terminal's size.
        if roll < 20, let viewport = AuthScreen.viewport(state, context: Self.context,
                                                         size: Self.sizes.randomElement(using: &random)!) {
            return .viewportMeasured(viewport)
        }
        let key: Key
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: key = .character(Character(alphabet.randomElement(using: &random)!))
        case 4: key = .paste(Self.pastes.randomElement(using: &random)!)
        default: key = Self.keys.randomElement(using: &random)!
        }
        return KeyMap.event(for: key, in: state) ?? .clockTicked(now)
    }

    /// A plausible result for `call`, success or failure.
    private mutating func response(to call: AuthCall) -> OperationResponse {
        let failure = AuthError([AuthErrorCode.networkRequestFailed, .internalError, .invalidLoginCredentials,
                                 .invalidCode, .emailExists, .tooManyAttemptsTryLater, .credentialTooOldLoginAgain]
            .randomElement(using: &random)!)
        let fails = Bool.random(using: &random)
        let user = [User(uid: "u1", email: "ann@example.com"), User(uid: "g", isAnonymous: true),
                    User(uid: "u2", email: "bo@example.com", phoneNumber: "+16505551234",
                         providerIDs: ["password", "phone", "google.com"])]
            .randomElement(using: &random)!
        if call.answers(SignInOutcome.self) {
            if fails {
                let conflict = AuthError(.accountExistsWithDifferentCredential, conflict: AccountConflictInfo(
                    email: "ann@example.com", credential: .emailLink(email: "ann@example.com", link: "l")))
                return .failure(Bool.random(using: &random) ? conflict : failure)
            }
            let required = MFARequired(pendingCredential: "p", hints: [
                .totp(displayName: nil, uid: "f"), .phone(displayName: nil, uid: "s", phoneNumber: nil),
            ].filter { _ in Bool.random(using: &random) } + [.totp(displayName: "app", uid: "t")])
            let mfa = Int.random(in: 0..<4, using: &random) == 0 && !(call.base is AuthCall.Reauthenticate)
            return .success(mfa ? SignInOutcome.mfaRequired(required) : .signedIn(user))
        }
        if let provision = call.base as? AuthCall.Provision {
            return .success(fails ? ProvisioningOutcome.failed(.exited(status: 1, message: "quota reached"))
                : .provisioned(uid: provision.user.uid))
        }
        if let wait = call.base as? AuthCall.AwaitBrowserReturn {
            // The browser's return with a code or a refusal, the listener's timeout, or the wait cancelled.
            let returned = wait.start.continueURI + (Bool.random(using: &random) ? "?code=c" : "?error=access_denied")
                + "&state=" + wait.start.expectedState
            let code = Bool.random(using: &random) ? AuthErrorCode.webSignInTimedOut : .webContextCancelled
            return fails ? .failure(AuthError(code)) : .success(returned)
        }
        if let wait = call.base as? AuthCall.AwaitDeviceApproval {
            return fails ? .failure(AuthError(.webSignInTimedOut))
                : .success(IdentityProviderCredential(providerID: wait.start.button.providerID, idToken: "t"))
        }
        if call.base is AuthCall.FetchSignInMethods {
            return .success(["password", "google.com", "emailLink", "phone", "facebook.com"]
                .filter { _ in Bool.random(using: &random) })
        }
        if fails { return .failure(failure) }
        return success(for: call, user: user)
    }

    /// A plausible output of `call`.
    private mutating func success(for call: AuthCall, user: User) -> OperationResponse {
        switch call.base {
        case is AuthCall.LoadSession:
            return .success(SessionSnapshot(user: Bool.random(using: &random) ? nil : user))
        case is AuthCall.SendSecondFactorCode:
            return .success("session")
        case is AuthCall.LoadSecondFactors, is AuthCall.RemoveSecondFactor, is AuthCall.EnrollSecondFactor:
            let factors = [MultiFactorInfo(uid: "f", factor: .totp, displayName: "app", phoneNumber: nil,
                                           enrollmentDate: now),
                           MultiFactorInfo(uid: "s", factor: .sms, displayName: nil, phoneNumber: "+16505551234",
                                           enrollmentDate: now)]
            return .success(factors.filter { _ in Bool.random(using: &random) })
        case let enrollment as AuthCall.StartPhoneEnrollment:
            return .success(PhoneCodeSent(verificationID: "v", phoneNumber: enrollment.phoneNumber, sentAt: now))
        case let verification as AuthCall.VerifyPhoneNumber:
            return .success(PhoneCodeSent(verificationID: "v", phoneNumber: verification.phoneNumber, sentAt: now))
        case is AuthCall.StartTOTPEnrollment:
            let secret = TOTPSecret(sessionInfo: "t", sharedSecretKey: "JBSWY3DPEHPK3PXP",
                                    qrCodeURL: "otpauth://totp/Demo:ann?secret=JBSWY3DPEHPK3PXP&issuer=Demo")
            return .success(TOTPEnrollmentStarted(secret: secret, startedAt: now))
        case let recovery as AuthCall.SendPasswordRecoveryEmail:
            return .success(recovery.email)
        case is AuthCall.ResetPassword:
            return .success("ann@example.com")
        case is AuthCall.SignOut, is AuthCall.DeleteAccount:
            return .success(true)
        case is AuthCall.LinkCredential:
            return .success(user)
        case let link as AuthCall.SendSignInLink:
            return .success(link.email)
        case is AuthCall.SendEmailVerification, is AuthCall.ApplyActionCode, is AuthCall.UpdatePassword,
             is AuthCall.UpdateProfile, is AuthCall.Unlink:
            var updated = user
            updated.isEmailVerified = Bool.random(using: &random)
            return .success(updated)
        case is AuthCall.FetchSignInProvider:
            return .success(["password", "emailLink", "phone", "google.com", "custom"].randomElement(using: &random)!)
        case is AuthCall.FetchEmailSignInMethods:
            return .success([[], ["password"], ["emailLink"], ["password", "emailLink"]].randomElement(using: &random)!)
        case let begin as AuthCall.BeginBrowserSignIn:
            return .success(BrowserSignIn.Start(button: begin.button,
                                                authURI: AuthURI(authURI: "http://127.0.0.1:9/a?state=s", sessionID: "x"),
                                                continueURI: "http://127.0.0.1:1/", expectedState: "s"))
        case let begin as AuthCall.BeginDeviceSignIn:
            return .success(DeviceSignIn.Start(button: begin.button, userCode: "WDJB-MJHT",
                                               verificationURI: "https://x/device",
                                               verificationURIComplete: "https://x/device?user_code=WDJB-MJHT",
                                               receivedAt: now, expiresAt: now + 600))
        case is AuthCall.LoadInbox:
            let messages = [
                OutboxMessage(id: 1, kind: .passwordReset, recipient: "ann@example.com", link: "https://x/reset", code: "R",
                              sentAt: now),
                OutboxMessage(id: 2, kind: .emailSignIn, recipient: "ann@example.com", link: "https://x/signin", code: "S",
                              sentAt: now),
                OutboxMessage(id: 3, kind: .sms, recipient: "+16505551234", link: nil, code: "123456", sentAt: now),
                OutboxMessage(id: 4, kind: .verifyEmail, recipient: "bo@example.com", link: "https://x/verify", code: "V",
                              sentAt: now),
            ]
            return .success(messages.filter { _ in Bool.random(using: &random) })
        default:
            Issue.record("the random walk has no answer for \(call)")
            return .failure(AuthError(.internalError))
        }
    }
}
