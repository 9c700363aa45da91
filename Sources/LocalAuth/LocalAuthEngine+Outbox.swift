import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// Every message sent so far, oldest first.
    public func messages() throws(AuthError) -> [OutboxMessage] {
        try withStore { store throws(AuthError) in try store.messages() }
    }

    /// Emailed codes that are still usable (unused, unexpired), oldest first, with the link each email carried.
    public func pendingOobCodes() throws(AuthError) -> [PendingOobCode] {
        let now = clock()
        return try withStore { store throws(AuthError) in try store.pendingOobCodes(at: now) }
    }

    /// SMS codes that are still usable (unused, unexpired, not locked by wrong guesses), oldest first.
    public func pendingPhoneCodes() throws(AuthError) -> [PendingPhoneCode] {
        let now = clock()
        return try withStore { store throws(AuthError) in
            try store.pendingPhoneCodes(at: now, maximumWrongCodes: Self.maximumWrongPhoneCodes)
        }
    }
}
