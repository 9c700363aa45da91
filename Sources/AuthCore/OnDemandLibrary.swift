/// A shared library the binary opens with `dlopen` only when a feature needs it, and the Debian package that has
/// it: a feature that finds it missing says what to install. libmicrohttpd's is named by `LoopbackRedirect`, so
/// that an embedding app without the browser hand-off carries no trace of it.
public struct OnDemandLibrary: Sendable, Hashable {
    /// The file `dlopen` asks for.
    public let soname: String
    /// Debian's package with that file.
    public let package: String

    /// The library `soname`, which Debian's `package` holds.
    public init(soname: String, package: String) {
        self.soname = soname
        self.package = package
    }

    /// libcurl: every request to a Firebase project or emulator.
    public static let curl = OnDemandLibrary(soname: "libcurl.so.4", package: "libcurl4")
    /// OpenSSL's libcrypto: password hashing, codes and the emulator's tokens.
    public static let crypto = OnDemandLibrary(soname: "libcrypto.so.3", package: "libssl3")
}
