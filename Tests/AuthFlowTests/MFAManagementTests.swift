import Foundation
import AuthCore
import Testing
@testable import AuthFlow

/// Alice is signed in to an app that offers second factors; she opens their management.
func managingStore(_ factors: [MultiFactorInfo], configuration: AuthConfiguration = AuthConfiguration(mfaEnabled: true))
    -> NavigatorStore {
    var store = NavigatorStore(configuration: configuration)
    store.send(.started) { $0.presentation = [busy(1, .loadingSession, .loadSession)]; $0.nextOperationID = 2 }
    store.expectEffects([.run(operationID: 1, .loadSession)])
    store.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: alice))))) {
        $0.presentation = []
        $0.currentUser = alice
        $0.authenticationState = .authenticated
        $0.root = .signedIn(SignedIn.State(offersMFA: configuration.mfaEnabled))
    }
    store.send(.focusMovedBackward) { $0.root = .signedIn({ var s = SignedIn.State(offersMFA: true); s.focus = .manageMFAButton; return s }()) }
    let allowed = SecondFactorType.allCases.filter { configuration.mfaEnabled && configuration.allowedSecondFactors.contains($0) }
    store.send(.activated) {
        $0.path = [.mfaManagement(MFAManagement.State(allowed: allowed))]
        $0.presentation = [busy(2, .loadingSecondFactors, .loadSecondFactors)]
        $0.nextOperationID = 3
    }
    store.expectEffects([.run(operationID: 2, .loadSecondFactors)])
    store.send(.responded(operationID: 2, .secondFactors(.success(factors)))) {
        $0.presentation = []
        $0.managementForm.factors = factors
    }
    return store
}

let enrolled = Date(timeIntervalSince1970: 1_796_126_400)
let appFactor = MultiFactorInfo(uid: "f1", factor: .totp, displayName: "work phone", phoneNumber: nil,
                                enrollmentDate: enrolled)
let smsFactor = MultiFactorInfo(uid: "f2", factor: .sms, displayName: nil, phoneNumber: "+16505551234",
                                enrollmentDate: enrolled)

@Suite struct MFAManagementTests {
    @Test func aFactorIsRemovedOnlyAfterItsConfirmation() {
        var store = managingStore([appFactor, smsFactor])
        #expect(store.state.managementForm.controls == [.remove(0), .remove(1), .addButton])
        store.send(.focusMovedForward) { $0.managementForm.focus = .remove(0) }
        let confirmation = AlertPresentation(.confirmSecondFactorRemoval(appFactor), buttons: [
            AlertButton(.cancel, .dismiss), AlertButton(.remove, .removeSecondFactor(uid: "f1")),
        ])
        // Enter alone is Cancel: nothing is removed.
        store.send(.activated) { $0.presentation = [.alert(confirmation)] }
        store.send(.activated) { $0.presentation = [] }
        store.send(.activated) { $0.presentation = [.alert(confirmation)] }
        store.send(.focusMovedForward) {
            var moved = confirmation
            moved.selection = 1
            $0.presentation = [.alert(moved)]
        }
        store.send(.activated) {
            $0.presentation = [busy(3, .removingSecondFactor, .removeSecondFactor(uid: "f1"))]
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, .removeSecondFactor(uid: "f1"))])
        store.send(.responded(operationID: 3, .secondFactors(.success([smsFactor])))) {
            $0.presentation = []
            $0.managementForm.factors = [smsFactor]
        }
        #expect(store.state.managementForm.controls == [.remove(0), .addButton])
        store.finish()
    }

    @Test func aRemovalTheBackendRefusesIsReportedAndTheListStays() {
        var store = managingStore([appFactor])
        store.send(.focusMovedForward) { $0.managementForm.focus = .remove(0) }
        store.send(.activated) { $0.presentation = [.alert(AlertPresentation(.confirmSecondFactorRemoval(appFactor), buttons: [
            AlertButton(.cancel, .dismiss), AlertButton(.remove, .removeSecondFactor(uid: "f1"))]))] }
        store.send(.focusMovedForward) { $0.presentation = [.alert({ var a = AlertPresentation(
            .confirmSecondFactorRemoval(appFactor), buttons: [AlertButton(.cancel, .dismiss),
                                                               AlertButton(.remove, .removeSecondFactor(uid: "f1"))])
            a.selection = 1; return a }())] }
        let removal = Operation(id: 3, kind: .removingSecondFactor, call: .removeSecondFactor(uid: "f1"))
        store.send(.activated) { $0.presentation = [.busy(removal)]; $0.nextOperationID = 4 }
        store.expectEffects([.run(operationID: 3, .removeSecondFactor(uid: "f1"))])
        store.send(.responded(operationID: 3, .secondFactors(.failure(AuthError(.credentialTooOldLoginAgain))))) {
            $0.presentation = [.alert(.failure(.credentialTooOldLoginAgain, of: removal))]
        }
        #expect(store.state.managementForm.factors == [appFactor])
        store.finish()
    }

    @Test func withoutFactorsAddingIsOfferedAndOpensEnrolment() {
        var store = managingStore([])
        #expect(store.state.managementForm.controls == [.addButton])
        store.send(.activated) {
            $0.path.append(.mfaEnrollment(MFAEnrollment.State(allowed: [.sms, .totp], country: $0.defaultCountry)))
        }
        store.send(.backRequested) { $0.path.removeLast() }
        store.send(.backRequested) { $0.path = [] }
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
