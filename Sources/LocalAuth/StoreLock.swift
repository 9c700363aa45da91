import AuthCore
#if canImport(Glibc)
import Glibc
#endif

/// The store connection behind a plain pthread mutex: a thread that finds it taken sleeps at once.
///
/// The standard library's `Mutex` spins before it sleeps and sleeps on a priority-inheritance futex; with more
/// threads waiting for the store than processors (the emulator serves every connection on its own thread),
/// the spinning took the processor from the thread holding the lock.
final class StoreLock: @unchecked Sendable {
    private let store: LocalStore
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ store: LocalStore) {
        self.store = store
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the store while holding the lock.
    func withLock<Result>(_ body: (LocalStore) throws(AuthError) -> Result) throws(AuthError) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(store)
    }
}
