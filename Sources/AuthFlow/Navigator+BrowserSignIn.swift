import AuthCore

/// The browser sign-in's screen: waiting for the browser, the pasted address, giving up.
extension NavigatorState {
    /// The listener is up and the backend named the address: show it, and wait for the browser meanwhile.
    mutating func browserSignInBegun(_ begun: BrowserSignIn.Start) -> [NavigatorEffect] {
        let waitID = nextOperationID
        nextOperationID += 1
        push(.browserSignIn(BrowserSignIn.State(start: begun, canOpenBrowser: canOpenBrowser, waitOperationID: waitID)))
        return [.run(operationID: waitID, .awaitBrowserReturn(begun))]
    }

    mutating func browserSignInAsked(_ request: BrowserSignIn.Delegate, _ feature: BrowserSignIn.State)
        -> [NavigatorEffect] {
        switch request {
        case .openBrowser(let address):
            return [.openBrowser(address)]
        case .returned(let address):
            leaveWaitingScreen()
            return finishBrowserSignIn(address, feature.start)
        case .cancel:
            leaveWaitingScreen()
            return []
        }
    }

    /// The listener caught the browser's return, or gave up (timeout).
    mutating func browserReturned(_ result: Result<String, AuthError>, _ feature: BrowserSignIn.State)
        -> [NavigatorEffect] {
        waitAnswered()
        switch result {
        case .success(let address):
            return finishBrowserSignIn(address, feature.start)
        case .failure(let error):
            present(.alert(AlertPresentation(.error(error.code, during: .signingIn))))
            return []
        }
    }

    /// Signs in with the address the browser came back to, unless the provider refused.
    private mutating func finishBrowserSignIn(_ address: String, _ begun: BrowserSignIn.Start) -> [NavigatorEffect] {
        guard begun.reading(of: address) == .answered else {
            present(.alert(AlertPresentation(.error(.webContextCancelled, during: .signingIn))))
            return []
        }
        let redirect = IdentityProviderRedirect(requestURI: address, sessionID: begun.authURI.sessionID)
        let credential = IdentityProviderCredential(providerID: begun.button.providerID, redirect: redirect)
        return start(.signInWithCredential(.identityProvider(credential)), as: .signingIn)
    }
}
