import AuthCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The page a browser opened here starts from (issue 27 item 6): an owner-only file that forwards it to the
/// listener's launch address. The browser's command line, which every local user can read with `ps`, then holds
/// only the file's name, never the sign-in's `state` or the launch key.
enum BrowserLaunchPage {
    /// Writes a page forwarding to `launchAddress` in `directory` (created 0700; the file is 0600) and returns its
    /// path. Fails with STORAGE_FAILURE.
    static func write(forwardingTo launchAddress: String, in directory: String) throws(AuthError) -> String {
        let path = directory + "/sign-in-" + SystemRandom.urlSafeToken(byteCount: 12) + ".html"
        // Percent-encoding what HTML would read (`&<>"'`, controls, spaces) keeps the address the same URL.
        let address = PercentEncoding.encode(launchAddress) { $0 > 0x20 && $0 < 0x7F && !Array("&<>\"'".utf8).contains($0) }
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
            <meta http-equiv="refresh" content="0;url=\(address)"><title>fauth-tui</title></head>
            <body><p><a href="\(address)">fauth-tui</a></p></body></html>
            """
        try OwnerOnlyFile.write(Data(html.utf8), to: path)
        return path
    }

    /// The `file://` address of the page at `path`, for the browser's one argument.
    static func address(of path: String) -> String {
        "file://" + PercentEncoding.encode(path, allowing: PercentEncoding.isPathAllowed)
    }

    /// Deletes the page at `path`.
    static func remove(_ path: String) {
        unlink(path)
    }
}
