/// A shared library the binary opens with `dlopen` only when a feature needs it, and the Debian package that has
/// it: a feature that finds it missing says what to install.
public struct OnDemandLibrary: Sendable, Hashable {
    /// The file `dlopen` asks for.
    public let soname: String
    /// Debian's package with that file.
    public let package: String

    /// libcurl: every request to a Firebase project or emulator.
    public static let curl = OnDemandLibrary(soname: "libcurl.so.4", package: "libcurl4")
    /// libmicrohttpd: `fauth-tui emulator` and the browser sign-in's loopback listener.
    public static let microhttpd = OnDemandLibrary(soname: "libmicrohttpd.so.12", package: "libmicrohttpd12")
    /// OpenSSL's libcrypto: password hashing, codes and the emulator's tokens.
    public static let crypto = OnDemandLibrary(soname: "libcrypto.so.3", package: "libssl3")
}
