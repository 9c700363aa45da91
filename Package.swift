// swift-tools-version:6.0
import Foundation
import PackageDescription

/// This file's folder: linker flags need absolute paths.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

let package = Package(
    name: "fauth-tui",
    products: [
        .executable(name: "fauth-tui", targets: ["fauth-tui"]),
        // The picker for other tools: the runtime and the backends it can be given, without the emulator, the HTTP
        // server or the command line (README, "Embedding").
        .library(name: "FauthTUI", targets: ["AuthCore", "AuthFlow", "LocalAuth", "FirebaseAuthREST", "Localization",
                                              "TerminalUI", "AuthScreens", "FauthTUI"]),
        // Browser sign-ins for an embedded picker on a Firebase backend: the loopback listener, on the HTTP server.
        .library(name: "FauthTUIBrowserSignIn", targets: ["LoopbackRedirect"]),
    ],
    targets: [
        // System libraries from Debian (see Makefile `deps`). No pkgConfig: SwiftPM drops its -D flags.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CICU", path: "Sources/CICU", providers: [.apt(["libicu-dev"])]),
        // libcurl is opened with dlopen on the first request (see its shim.h), so it needs only the headers.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", providers: [.apt(["libfribidi-dev"])]),
        // libcrypto is opened with dlopen on the first hash, libcrypt on the first imported bcrypt hash (C targets
        // of their own: headers only, no link).
        .target(name: "CLibCrypto"),
        .target(name: "CCrypt"),
        // libqrencode is opened with dlopen when the first QR code is drawn (see its shim.h): headers only.
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", providers: [.apt(["libqrencode-dev"])]),

        // Build tool that embeds Localizable/ and themes/ into the binary, string tables with their index.
        .executableTarget(name: "EmbedResources", dependencies: ["StringsFormat"], path: "Sources/EmbedResources"),
        .plugin(name: "EmbedResourcesPlugin", capability: .buildTool(), dependencies: ["EmbedResources"]),
        // Build tool that names the commit built (`--version`) from the repository's HEAD.
        .executableTarget(name: "WriteBuildInfo", path: "Sources/WriteBuildInfo"),
        .plugin(name: "BuildInfoPlugin", capability: .buildTool(), dependencies: ["WriteBuildInfo"]),
        .target(name: "BuildInfo", plugins: ["BuildInfoPlugin"]),

        .target(name: "AuthCore", dependencies: ["CICU"]),
        .target(name: "JSON"),
        .target(name: "AuthFlow", dependencies: ["AuthCore"]),
        .target(name: "LocalAuth", dependencies: ["AuthCore", "CCrypt", "CSQLite", "CLibCrypto", "JSON"]),
        .target(name: "FirebaseAuthREST", dependencies: ["AuthCore", "CCurl", "JSON"]),
        .target(name: "AuthEmulator", dependencies: ["AuthCore", "CLibCrypto", "FirebaseAuthREST", "HTTPServer", "JSON",
                                                  "LocalAuth"]),
        .target(name: "BuiltinResources", plugins: ["EmbedResourcesPlugin"]),
        // The `.strings` format (reader, errors, index), shared by Localization and the build tool.
        .target(name: "StringsFormat"),
        .target(name: "Localization", dependencies: ["BuiltinResources", "CICU", "StringsFormat"]),
        .target(name: "TerminalUI", dependencies: ["CFriBidi", "CICU", "CNcursesw", "CQREncode"]),
        .target(name: "AuthScreens", dependencies: ["AuthFlow", "Localization", "TerminalUI"]),
        // The embeddable runtime: `AuthPickerView`, the run loops, effects and services. No emulator, HTTP server or
        // command line among its dependencies (a test checks the embedding example's link).
        .target(name: "FauthTUI", dependencies: ["AuthCore", "AuthFlow", "AuthScreens", "BuiltinResources",
                                                 "FirebaseAuthREST", "Localization", "TerminalUI"]),
        // The loopback listener that catches a browser sign-in's return (RFC 8252 §7.3).
        .target(name: "LoopbackRedirect", dependencies: ["AuthCore", "AuthFlow", "FauthTUI", "HTTPServer"]),
        // The `fauth-tui` command line: its commands, options, help and shell completions.
        .target(name: "FauthCLI", dependencies: ["AuthCore", "AuthEmulator", "AuthFlow", "AuthScreens", "BuildInfo",
                                                 "BuiltinResources", "CLibCrypto", "FauthTUI", "FirebaseAuthREST",
                                                 "HTTPServer", "JSON", "LocalAuth", "Localization", "LoopbackRedirect",
                                                 "TerminalUI"]),
        // Release builds (DECISIONS.md, "Start-up"): packed relative relocations (lld; the default gold lacks
        // them) shrink the relocation table the loader reads at every start from 1.9 MB to 15 KB; the C++ library
        // the Swift runtime needs, its unwinder (libgcc), SQLite, ncurses with its terminfo library and FriBidi
        // are linked in (the .so files in Linker/ are linker scripts naming the static archives), so the loader
        // neither maps them nor resolves their symbols (only libc and libm are loaded at start); the functions a
        // start runs (Linker/startup.order, written by `make startup-order`) are placed together, so a start
        // touches fewer pages of code; and the binary exports no symbols (the static standard library's link
        // options export all 5,600 public ones, which nothing loaded later looks up).
        .executableTarget(name: "fauth-tui", dependencies: ["FauthCLI", "TerminalUI"], exclude: ["Linker"],
                          linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z",
                                                         "-Xlinker", "pack-relative-relocs",
                                                         "-L", packageRoot + "/Sources/fauth-tui/Linker",
                                                         "-Xlinker", "--symbol-ordering-file="
                                                            + packageRoot + "/Sources/fauth-tui/Linker/startup.order",
                                                         "-Xlinker", "--no-warn-symbol-ordering",
                                                         "-Xlinker", "--no-export-dynamic",
                                                         "-Xclang-linker", "-static-libgcc"],
                                                        .when(configuration: .release))]),
        // Starts the terminal interface and crashes: end-to-end tests check what a crash leaves behind.
        .executableTarget(name: "fauth-crash-probe", dependencies: ["TerminalUI"], path: "Tests/CrashProbe"),
        .executableTarget(name: "fauth-bench", dependencies: ["AuthCore", "FirebaseAuthREST"]),
        // Another tool embedding the picker through the FauthTUI library's modules (README, "Embedding").
        .executableTarget(name: "fauth-embed-example", dependencies: ["AuthCore", "FauthTUI", "LocalAuth"],
                          path: "Examples/EmbedExample"),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "JSON"]),

        .target(name: "TestSupport", dependencies: ["AuthCore", "AuthEmulator", "AuthFlow", "AuthScreens",
                                                    "FirebaseAuthREST", "HTTPServer", "LocalAuth", "Localization",
                                                    "TerminalUI"], path: "Tests/TestSupport",
                exclude: ["Resources"]),
        .testTarget(name: "AuthCoreTests", dependencies: ["AuthCore"]),
        .testTarget(name: "AuthFlowTests", dependencies: ["AuthFlow", "TestSupport"]),
        .testTarget(name: "LocalAuthTests", dependencies: ["LocalAuth", "TestSupport"]),
        .testTarget(name: "FirebaseAuthRESTTests",
                    dependencies: ["AuthEmulator", "FirebaseAuthREST", "HTTPServer", "LocalAuth", "TestSupport"]),
        .testTarget(name: "AuthEmulatorTests", dependencies: ["AuthEmulator", "HTTPServer", "TestSupport"]),
        .testTarget(name: "AuthClientContractTests",
                    dependencies: ["AuthCore", "AuthEmulator", "FirebaseAuthREST", "HTTPServer", "LocalAuth",
                                   "TestSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "BuiltinResources", "StringsFormat"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "AuthScreensTests", dependencies: ["AuthScreens", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "FauthTUITests", dependencies: ["AuthEmulator", "FauthTUI", "LocalAuth", "LoopbackRedirect",
                                                          "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "FauthCLITests", dependencies: ["AuthEmulator", "FauthCLI", "FauthTUI", "LocalAuth",
                                                          "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["AuthCore", "HTTPServer", "LocalAuth", "TestSupport",
                                                            "fauth-tui", "fauth-crash-probe", "fauth-embed-example"]),
    ]
)
