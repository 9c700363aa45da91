import AuthCore

/// Where an answer goes: to the element whose call it is (TCA's stack-element scoping), never to whatever is on top.
extension NavigatorState {
    /// Hands a call's answer to the element that started it: the owner of the busy call, or the screen whose
    /// background call it is. An answer for a call no longer in flight (given up, or its element gone) is dropped.
    mutating func deliver(_ response: OperationResponse, for id: Int) -> [NavigatorEffect] {
        if let index = path.firstIndex(where: { $0.feature.backgroundOperations.contains(id) }) {
            return reduce(.route(path.ids[index])) { feature, navigator, owner in
                feature.receiveInBackground(response, in: &navigator, as: owner)
            } ?? []
        }
        guard let index = presentation.firstIndex(where: { ($0.feature as? Operation)?.id == id }),
              let operation = presentation.remove(at: index).feature as? Operation else {
            return abandoned(response)
        }
        if let effects = SessionEnd.step(response, of: operation, in: &self) { return effects }
        if let effects = Reauthentication.step(response, of: operation, in: &self) { return effects }
        if let effects = RecaptchaVerification.step(response, of: operation, in: &self) { return effects }
        let handled = reduce(operation.owner) { feature, navigator, owner in
            feature.receive(response, to: operation, in: &navigator, as: owner)
        }
        return (handled ?? nil) ?? answered(response, of: operation)
    }

    /// What every element does with an answer it leaves alone: a failure is said in an alert, the inbox shows.
    mutating func answered(_ response: OperationResponse, of operation: Operation) -> [NavigatorEffect] {
        if let error = response.failure { present(AlertPresentation.failure(error, of: operation)) }
        if let messages = response.output([OutboxMessage].self) { present(Inbox.State(messages: messages)) }
        return []
    }

    /// The person stopped waiting: a sign-in that still succeeded must not linger in the backend, nor a browser
    /// hand-off's listener (a provider's sign-in, a reCAPTCHA) on its port.
    private func abandoned(_ response: OperationResponse) -> [NavigatorEffect] {
        if case .signedIn? = response.output(SignInOutcome.self) { return [.discardSession] }
        if let listener = response.handoffListener { return [.closeListener(listener)] }
        return []
    }
}
