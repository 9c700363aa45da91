import AuthCore
import FauthTUI
import HTTPServer

extension BrowserSignInService {
    /// Browser sign-ins that catch the browser's return on a loopback listener answering with `pages`, and
    /// reCAPTCHA challenges served with `recaptchaPages`; a browser opened here starts from a page written in
    /// `launchPageDirectory`.
    public convenience init(pages: RedirectPages, recaptchaPages: RecaptchaPages? = nil, browserCommand: String?,
                            launchPageDirectory: String,
                            timeout: Duration = .seconds(300)) {
        @Sendable func listen(timeout: Duration) throws(AuthError) -> any RedirectListening {
            // Said as the missing library it is, not as a server out of reach.
            guard HTTPServer.isAvailable else {
                throw AuthError(.networkRequestFailed, detail: "no loopback listener without libmicrohttpd",
                                missingLibrary: .microhttpd)
            }
            return try RedirectListener(pages: pages, timeout: timeout)
        }
        self.init(browserCommand: browserCommand, launchPageDirectory: launchPageDirectory, timeout: timeout,
                  recaptcha: recaptchaPages.map { LoopbackRecaptcha(pages: $0, timeout: timeout) }, listen: listen)
    }
}

extension OnDemandLibrary {
    /// libmicrohttpd: `fauth-tui emulator` and the browser hand-off's loopback listener.
    public static let microhttpd = OnDemandLibrary(soname: "libmicrohttpd.so.12", package: "libmicrohttpd12")
}
