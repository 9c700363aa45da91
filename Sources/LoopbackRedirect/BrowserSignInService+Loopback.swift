import AuthCore
import FauthTUI

extension BrowserSignInService {
    /// Browser sign-ins that catch the browser's return on a loopback listener answering with `pages`; a browser
    /// opened here starts from a page written in `launchPageDirectory`.
    public convenience init(pages: RedirectPages, browserCommand: String?, launchPageDirectory: String,
                            timeout: Duration = .seconds(300)) {
        @Sendable func listen(timeout: Duration) throws(AuthError) -> any RedirectListening {
            try RedirectListener(pages: pages, timeout: timeout)
        }
        self.init(browserCommand: browserCommand, launchPageDirectory: launchPageDirectory, timeout: timeout,
                  listen: listen)
    }
}
