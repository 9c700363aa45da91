import AuthCore

/// The device-code sign-in's screen: showing the code while the provider is polled, giving up.
extension NavigatorState {
    /// The provider issued a code: show it, and poll for the person's approval meanwhile.
    mutating func deviceSignInBegun(_ begun: DeviceSignIn.Start) -> [NavigatorEffect] {
        let waitID = nextOperationID
        nextOperationID += 1
        push(.deviceSignIn(DeviceSignIn.State(start: begun, waitOperationID: waitID)))
        return [.run(operationID: waitID, .awaitDeviceApproval(begun))]
    }

    /// Cancel (or Esc): stop polling and go back.
    mutating func deviceSignInAsked(_ request: DeviceSignIn.Delegate) -> [NavigatorEffect] {
        switch request {
        case .cancel:
            leaveWaitingScreen()
            return []
        }
    }

    /// The person approved (sign in with the provider's token), or the code expired or was denied.
    mutating func deviceApproved(_ result: Result<IdentityProviderCredential, AuthError>) -> [NavigatorEffect] {
        waitAnswered()
        switch result {
        case .success(let credential):
            return start(.signInWithCredential(.identityProvider(credential)), as: .signingIn)
        case .failure(let error):
            present(.alert(AlertPresentation(.error(error.code, during: .signingInOnAnotherDevice))))
            return []
        }
    }
}
