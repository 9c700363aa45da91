#if canImport(Glibc)
import Glibc
#endif

/// Interrupts a terminal's wait for a key from any thread, so results of background work show at once.
public final class Wakeup: Sendable {
    /// Becomes readable after `signal()`; a backend polls it beside the terminal.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    public init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        } else {
            descriptors = [-1, -1]
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the waiting backend (safe from any thread; extra signals coalesce).
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Waits until `signal()` was called or `milliseconds` pass (or a signal handler interrupts), then consumes
    /// pending signals.
    public func waitForSignal(milliseconds: Int) {
        var descriptor = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(milliseconds))
        drain()
    }

    /// Consumes pending signals.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &bytes, bytes.count) > 0 {}
    }
}
