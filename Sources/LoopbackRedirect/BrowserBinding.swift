import AuthCore
import HTTPServer
import Synchronization

/// Binds a browser's return to the browser this interface opened (issue 27 item 6). The browser starts at the
/// listener's launch address, whose key only an owner-only page holds (never a command line, which every local
/// user can read); the listener answers it with a cookie holding the key and sends it on to the authorization
/// address. Once a browser has started there, a return without that cookie is refused, whatever its `state`.
final class BrowserBinding: Sendable {
    /// The launch address's path on the listener.
    static let launchPath = "/launch"

    private let key = SystemRandom.urlSafeToken(byteCount: 32)
    /// Random too: cookies on 127.0.0.1 are shared by every port, so two sign-ins must not overwrite each other's.
    private let cookieName = "fauth-tui-" + SystemRandom.urlSafeToken(byteCount: 6)
    private let launched = Mutex(false)

    /// The launch address on the listener at `continueURI` (`http://127.0.0.1:<port>/`).
    func launchAddress(on continueURI: String) -> String {
        (continueURI.hasSuffix("/") ? String(continueURI.dropLast()) : continueURI) + Self.launchPath + "?key=" + key
    }

    /// The answer to a request for the launch address: with the right key, the cookie and a redirect to
    /// `authURI`; otherwise nil.
    func launch(_ request: HTTPRequest, to authURI: String) -> HTTPResponse? {
        guard let given = request.query["key"], IdentityProviderRedirect.constantTimeEqual(given, key) else {
            return nil
        }
        launched.withLock { $0 = true }
        return HTTPResponse(status: 302, headers: [
            "Location": authURI, "Cache-Control": "no-store",
            "Set-Cookie": "\(cookieName)=\(key); Path=/; HttpOnly; SameSite=Lax",
        ])
    }

    /// Whether a return may answer the sign-in: any, until a browser started at the launch address; then only
    /// one carrying its cookie.
    func admits(_ request: HTTPRequest) -> Bool {
        guard launched.withLock({ $0 }) else { return true }
        let cookies = (request.header("cookie") ?? "").split(separator: ";")
            .map { String($0).trimmingWhitespace() }
        return cookies.contains { cookie in
            guard let equals = cookie.firstIndex(of: "="), cookie[..<equals] == cookieName else { return false }
            return IdentityProviderRedirect.constantTimeEqual(String(cookie[cookie.index(after: equals)...]), key)
        }
    }
}
