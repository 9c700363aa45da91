import AuthCore
import CLibCrypto
import FirebaseAuthREST
import HTTPServer
import LoopbackRedirect

/// A library the binary opens with `dlopen` only when a feature needs it, and the Debian package that has it:
/// a command that needs a missing one says what to install and exits 1 (`Backend.Failure.missingLibrary`).
enum OptionalLibrary: Sendable {
    /// libcurl: every request to a Firebase project or emulator.
    case curl
    /// libmicrohttpd: `fauth-tui emulator` and the browser sign-in's loopback listener.
    case microhttpd
    /// OpenSSL's libcrypto: password hashing, codes and the emulator's tokens.
    case crypto

    /// Its file and package.
    var library: OnDemandLibrary {
        switch self {
        case .curl: .curl
        case .microhttpd: .microhttpd
        case .crypto: .crypto
        }
    }

    /// The file `dlopen` asks for.
    var soname: String { library.soname }

    /// Debian's package with that file.
    var package: String { library.package }

    /// Whether it can be loaded; loading it is the only sure test (a stub or a wrong version fails here too).
    var isLoadable: Bool {
        switch self {
        case .curl: CurlTransport.isAvailable
        case .microhttpd: HTTPServer.isAvailable
        case .crypto: libcrypto_available() != 0
        }
    }

    /// The first of `libraries` that cannot be loaded.
    static func firstMissing(_ libraries: [OptionalLibrary]) -> OptionalLibrary? {
        libraries.first { !$0.isLoadable }
    }
}
