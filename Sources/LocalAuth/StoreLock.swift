import AuthCore
#if canImport(Glibc)
import Glibc
#endif

/// The store connection behind a plain pthread mutex: a thread that finds it taken sleeps at once.
///
/// The standard library's `Mutex` spins before it sleeps and sleeps on a priority-inheritance futex; with more
/// threads waiting for the store than processors (the emulator serves every connection on its own thread),
/// the spinning took the processor from the thread holding the lock.
///
/// A throwaway store is opened on first use: until then it holds nothing, which a start asking for the session
/// learns without making the database. A store file is checked (`LocalStore.check()`) before its first use other
/// than such a glance (`glance(fresh:_:)`).
final class StoreLock: @unchecked Sendable {
    /// The store once open; guarded by `mutex`.
    private var store: LocalStore?
    /// Opens a throwaway store on first use; nil once it is open, and for a store opened at once.
    private var open: (() throws(AuthError) -> LocalStore)?
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A lock around an open store.
    convenience init(_ store: LocalStore) {
        self.init(store: store, open: nil)
    }

    /// A lock around a throwaway store that `open` makes on first use.
    convenience init(opening open: @escaping () throws(AuthError) -> LocalStore) {
        self.init(store: nil, open: open)
    }

    private init(store: LocalStore?, open: (() throws(AuthError) -> LocalStore)?) {
        self.store = store
        self.open = open
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the store (opened now if it was not, and checked) while holding the lock.
    func withLock<Result>(_ body: (LocalStore) throws(AuthError) -> Result) throws(AuthError) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let store = try opened()
        try store.check()
        return try body(store)
    }

    /// A read that may come before the check: `fresh` when the store is a throwaway one not opened yet, else
    /// what `body` gives with the store. A damaged page the read touches still fails it (SQLITE_CORRUPT).
    func glance<Result>(fresh: Result, _ body: (LocalStore) throws(AuthError) -> Result)
        throws(AuthError) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let store else { return fresh }
        return try body(store)
    }

    /// The store, opened first when it is a throwaway one not opened yet. Called with the lock held.
    private func opened() throws(AuthError) -> LocalStore {
        if let store { return store }
        guard let open else { preconditionFailure("a store lock without a store") }
        let store = try open()
        self.store = store
        self.open = nil
        return store
    }
}
