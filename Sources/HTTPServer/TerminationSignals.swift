import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Posted by the signal handler; lives for the whole process so a late signal never touches freed memory.
nonisolated(unsafe) private let signalSemaphore: UnsafeMutablePointer<sem_t> = {
    let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    sem_init(semaphore, 0, 0)
    return semaphore
}()

/// The last signal caught, published to the waiter by the semaphore post that follows it.
nonisolated(unsafe) private var caughtSignal: Int32 = 0

/// Waits for SIGINT or SIGTERM with a process-wide handler that posts a semaphore (async-signal-safe),
/// so the signal is caught whichever thread the kernel delivers it to.
enum TerminationSignals {
    /// One waiter at a time: the handler and the semaphore are process-wide.
    private static let waiting = Mutex(())

    /// Installs the handlers, calls `whenReady`, blocks until a signal arrives, restores the previous
    /// handlers and signal mask, and returns the signal number.
    static func wait(for signals: [Int32] = [SIGINT, SIGTERM], whenReady: () -> Void = {}) -> Int32 {
        waiting.withLock { _ in
            while sem_trywait(signalSemaphore) == 0 {}  // forget signals left over from an earlier wait
            var previousActions: [sigaction] = []
            for signal in signals {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { signal in
                    caughtSignal = signal
                    sem_post(signalSemaphore)
                }
                sigfillset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                var previous = sigaction()
                sigaction(signal, &action, &previous)
                previousActions.append(previous)
            }
            var unblock = sigset_t()
            sigemptyset(&unblock)
            signals.forEach { sigaddset(&unblock, $0) }
            var previousMask = sigset_t()
            pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)

            whenReady()
            while sem_wait(signalSemaphore) != 0 && errno == EINTR {}

            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            for (signal, var previous) in zip(signals, previousActions) {
                sigaction(signal, &previous, nil)
            }
            return caughtSignal
        }
    }
}

extension HTTPServer {
    /// Serves until SIGINT or SIGTERM arrives, then stops gracefully and returns the signal number; `whenReady`
    /// runs once the signal handlers are installed. Call it from the thread that should block (usually the main
    /// thread) after `start()`.
    @discardableResult
    public func runUntilSignalled(whenReady: () -> Void = {}) -> Int32 {
        let signal = TerminationSignals.wait(whenReady: whenReady)
        stop()
        return signal
    }
}
