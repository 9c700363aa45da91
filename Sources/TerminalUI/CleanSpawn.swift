#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with `posix_spawn` attributes that start a child with an empty signal mask and every signal at
/// its default action, whatever the spawning thread blocks or ignores (platform notes §3.4); `flags` adds
/// further `POSIX_SPAWN_*` flags.
public func withCleanSpawnAttributes<Result>(flags: Int32 = 0,
                                             _ body: (inout posix_spawnattr_t) throws -> Result) rethrows -> Result {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | flags))
    return try body(&attributes)
}
