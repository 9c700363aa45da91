import Foundation
import AuthCore
import Testing
@testable import AuthFlow

/// Alice is signed in to an app that offers second factors; she opens their management.
func managingStore(_ factors: [MultiFactorInfo], configuration: AuthConfiguration = AuthConfiguration(mfaEnabled: true),
                   user: User = verifiedAlice) -> NavigatorStore {
    // The session was loaded by operation 1; the account screen focuses its first action.
    var signedIn = signedInState(user, configuration: configuration)
    signedIn.nextOperationID = 2
    var store = NavigatorStore(state: signedIn)
    let controls = store.state.accountForm.controls
    for control in controls.prefix(while: { $0 != .manageMFAButton }).dropFirst() + [.manageMFAButton] {
        store.send(.focusMovedForward) { $0.accountForm.focus = control }
    }
    let allowed = SecondFactorType.allCases.filter { configuration.mfaEnabled && configuration.allowedSecondFactors.contains($0) }
    store.send(.activated) {
        $0.path.replace(with: [.mfaManagement(MFAManagement.State(
            allowed: allowed, enrolmentRefusal: MFAManagement.enrolmentRefusal(for: user)))])
        $0.presentation.replace(with: [busy(2, AuthCall.LoadSecondFactors(), by: .route(1))])
        $0.nextOperationID = 3
    }
    store.expectEffects([.run(operationID: 2, AuthCall.LoadSecondFactors())])
    store.send(.responded(operationID: 2, .success(factors))) {
        $0.presentation.replace(with: [])
        $0.managementForm.factors = factors
        $0.accountForm.secondFactorCount = factors.count
    }
    return store
}

/// Alice with her email verified, so she may enrol second factors.
let verifiedAlice = User(uid: "u1", email: "alice@example.com", isEmailVerified: true, providerIDs: ["password"])

let enrolled = Date(timeIntervalSince1970: 1_796_126_400)
let appFactor = MultiFactorInfo(uid: "f1", factor: .totp, displayName: "work phone", phoneNumber: nil,
                                enrollmentDate: enrolled)
let smsFactor = MultiFactorInfo(uid: "f2", factor: .sms, displayName: nil, phoneNumber: "+16505551234",
                                enrollmentDate: enrolled)

@Suite struct MFAManagementTests {
    /// Issue 31 item 20: "Set up" was offered to accounts the backend refuses, which said so two screens later.
    @Test func anAccountThatCannotEnrolIsToldSoAndOfferedNoSetUp() {
        #expect(MFAManagement.enrolmentRefusal(for: verifiedAlice) == nil)
        #expect(MFAManagement.enrolmentRefusal(for: alice) == .unverifiedEmail)
        #expect(MFAManagement.enrolmentRefusal(for: User(uid: "u9", phoneNumber: "+16505551234")) == .unsupportedFirstFactor)
        let store = managingStore([], user: alice)
        #expect(store.state.managementForm.enrolmentRefusal == .unverifiedEmail)
        #expect(store.state.managementForm.kind(of: .addButton) == .button(isEnabled: false))
        var pressed = store
        pressed.send(.activated)
        #expect(pressed.state.path.count == 1, "no enrolment screen opens")
        pressed.finish()
    }

    @Test func aFactorIsRemovedOnlyAfterItsConfirmation() {
        var store = managingStore([appFactor, smsFactor])
        #expect(store.state.managementForm.controls == [.remove(0), .remove(1), .addButton])
        store.send(.focusMovedForward) { $0.managementForm.focus = .remove(0) }
        let confirmation = AlertPresentation(.confirmSecondFactorRemoval(appFactor), buttons: [
            AlertButton(.cancel, .dismiss), AlertButton(.remove, .start(AuthCall.RemoveSecondFactor(uid: "f1"))),
        ])
        // Enter alone is Cancel: nothing is removed.
        store.send(.activated) { $0.presentation.replace(with: [.alert(confirmation)]) }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.send(.activated) { $0.presentation.replace(with: [.alert(confirmation)]) }
        store.send(.focusMovedForward) {
            var moved = confirmation
            moved.selection = 1
            $0.presentation.replace(with: [.alert(moved)])
        }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, AuthCall.RemoveSecondFactor(uid: "f1"), by: .route(1))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, AuthCall.RemoveSecondFactor(uid: "f1"))])
        store.send(.responded(operationID: 3, .success([smsFactor]))) {
            $0.accountForm.secondFactorCount = 1
            $0.presentation.replace(with: [])
            $0.managementForm.factors = [smsFactor]
        }
        #expect(store.state.managementForm.controls == [.remove(0), .addButton])
        store.finish()
    }

    /// A removal refused for an old sign-in asks for the password again, then the account's second factor,
    /// and only then removes the factor, once.
    @Test func aRemovalRefusedForAnOldSignInRunsAgainAfterSigningInAgain() {
        var store = managingStore([appFactor])
        store.send(.focusMovedForward) { $0.managementForm.focus = .remove(0) }
        let remove = AlertButton(.remove, .start(AuthCall.RemoveSecondFactor(uid: "f1")))
        let confirmation = AlertPresentation(.confirmSecondFactorRemoval(appFactor),
                                             buttons: [AlertButton(.cancel, .dismiss), remove])
        store.send(.activated) { $0.presentation.replace(with: [.alert(confirmation)]) }
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.alert({ var a = confirmation; a.selection = 1; return a }())]) }
        let removal = Operation(id: 3, call: AuthCall.RemoveSecondFactor(uid: "f1"), owner: .route(1))
        let step = Operation.Purpose.reauthentication(RefusedCall(removal))
        store.send(.activated) { $0.presentation.replace(with: [.busy(removal)]); $0.nextOperationID = 4 }
        store.expectEffects([.run(operationID: 3, AuthCall.RemoveSecondFactor(uid: "f1"))])
        store.send(.responded(operationID: 3, .failure(AuthError(.credentialTooOldLoginAgain)))) {
            $0.presentation.replace(with: [busy(4, AuthCall.FetchSignInProvider(), by: .route(1),
                                                for: step)])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.FetchSignInProvider())])
        let lookUp = AuthCall.FetchEmailSignInMethods(email: "alice@example.com")
        store.send(.responded(operationID: 4, .success("password"))) {
            $0.presentation.replace(with: [busy(5, lookUp, by: .route(1), for: step)])
            $0.nextOperationID = 6
        }
        store.expectEffects([.run(operationID: 5, lookUp)])
        store.send(.responded(operationID: 5, .success(["password"]))) {
            $0.presentation.replace(with: [.passwordReauthSheet(PasswordReauthSheet.State(email: "alice@example.com",
                                                                                          refused: RefusedCall(removal)))])
        }
        store.type("hunter22", into: \.passwordSheet.password)
        let reauth = AuthCall.Reauthenticate(.emailPassword(email: "alice@example.com", password: "hunter22"))
        store.send(.activated) {
            $0.presentation.append(busy(6, reauth, by: .layer(6), for: step))
            $0.nextOperationID = 7
        }
        store.expectEffects([.run(operationID: 6, reauth)])
        // The password was right; the account's second factor is asked before the removal runs again.
        let required = MFARequired(pendingCredential: "pending", hints: [.totp(displayName: "work phone", uid: "f1")])
        store.send(.responded(operationID: 6, .success(SignInOutcome.mfaRequired(required)))) {
            $0.presentation.replace(with: [])
            $0.path.append(.mfaResolution(MFAResolution.State(required: required, reauthenticating: RefusedCall(removal))))
        }
        store.send(.edited(.insert("123456"))) {
            var resolution = MFAResolution.State(required: required, reauthenticating: RefusedCall(removal))
            resolution.code = TextInput("123456")
            resolution.code.hasBeenEdited = true
            $0.path[1] = .mfaResolution(resolution)
        }
        verifyingSecondFactor(AuthCall.ResolveSecondFactor(required, .totp(sessionInfo: "f1", code: "123456")), id: 7,
                              for: step, in: &store)
        store.send(.responded(operationID: 7, .success(SignInOutcome.signedIn(verifiedAlice)))) {
            $0.path.removeLast()
            $0.authenticationState = .authenticated
            $0.presentation.replace(with: [.busy(Operation(id: 8, call: AuthCall.RemoveSecondFactor(uid: "f1"),
                                               owner: .route(1), purpose: .replay))])
            $0.nextOperationID = 9
        }
        store.expectEffects([.run(operationID: 8, AuthCall.RemoveSecondFactor(uid: "f1"))])
        store.send(.responded(operationID: 8, .success([MultiFactorInfo]()))) {
            $0.presentation.replace(with: [])
            $0.managementForm.factors = []
            $0.managementForm.focus = .addButton
            $0.accountForm.secondFactorCount = 0
        }
        store.finish()
    }

    @Test func withoutFactorsAddingIsOfferedAndOpensEnrolment() {
        var store = managingStore([])
        #expect(store.state.managementForm.controls == [.addButton])
        store.send(.activated) {
            $0.path.append(.mfaEnrollment(MFAEnrollment.State(allowed: [.sms, .totp], country: $0.defaultCountry)))
        }
        store.send(.backRequested) { $0.path.removeLast() }
        store.send(.backRequested) { $0.path.replace(with: []) }
        store.finish()
    }

    @Test func onlyTheAllowedKindsAreOfferedAndNoneMeansNoAdding() {
        var store = managingStore([], configuration: AuthConfiguration(mfaEnabled: true, allowedSecondFactors: [.totp]))
        store.send(.activated) {
            $0.path.append(.mfaEnrollment(MFAEnrollment.State(allowed: [.totp], country: $0.defaultCountry)))
        }
        #expect(store.state.enrollmentForm.controls == [.factorType(.totp), .startButton])
        var none = managingStore([appFactor], configuration: AuthConfiguration(mfaEnabled: true, allowedSecondFactors: []))
        #expect(none.state.managementForm.kind(of: .addButton) == .button(isEnabled: false))
        none.send(.focusMovedForward) { $0.managementForm.focus = .remove(0) }
        none.send(.focusMovedForward) { $0.managementForm.focus = .addButton }
        none.send(.activated)
        none.finish()
    }
}
