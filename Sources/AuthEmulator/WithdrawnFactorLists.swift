import FoundationEssentials
import LocalAuth
import Synchronization

/// The accounts of one scope whose last second factor was withdrawn (`mfaEnrollment:withdraw`): Firebase's
/// emulator then keeps an empty factor list, which `accounts:lookup` shows as `mfaInfo: []`, where an account
/// that never had a factor, or whose factors an update replaced with none, shows no `mfaInfo`. Kept in memory
/// (the store has no such state); an account is known by its uid and creation time, so one made again with the
/// same uid starts without it.
final class WithdrawnFactorLists: Sendable {
    private let accounts = Mutex<[String: Date]>([:])

    /// Notes that `account`'s factors were withdrawn down to none.
    func noteEmptied(_ account: LocalAccount) {
        accounts.withLock { $0[account.uid] = account.createdAt }
    }

    /// Forgets `uid`'s withdrawal: its factors were set another way.
    func forget(_ uid: String) {
        _ = accounts.withLock { $0.removeValue(forKey: uid) }
    }

    /// Whether `account`'s factor list was emptied by withdrawals.
    func wasEmptied(_ account: LocalAccount) -> Bool {
        accounts.withLock { $0[account.uid] == account.createdAt }
    }
}
