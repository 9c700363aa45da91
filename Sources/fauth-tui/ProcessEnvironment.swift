import Glibc

/// The process environment as a dictionary, read from `environ` byte by byte.
///
/// `ProcessInfo.environment` finds each `=` character by character (a grapheme break test per character), which
/// made building the environment a noticeable part of a start (DECISIONS.md, "Start-up"). A name defined twice
/// keeps its first value, the one getenv(3) gives C libraries such as ncurses; entries without `=` are skipped.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if environment[name] == nil {
                    environment[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return environment
    }
}
