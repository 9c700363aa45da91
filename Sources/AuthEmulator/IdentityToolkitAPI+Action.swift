import AuthCore
import FoundationEssentials
import HTTPServer
import LocalAuth

extension IdentityToolkitAPI {
    /// `action` rewritten to this server's `/emulator/action` page (from the request's `Host`), naming the
    /// scope when it is not the default project's, so a test that opens the link applies it here.
    func actionLink(_ link: String, host: String?) -> String {
        guard let host, !host.isEmpty,
              let query = link.removingPrefix(LocalAuthEngine.actionLinkBase) else { return link }
        var scope = ""
        if projectID != projects.defaultProject { scope += "&projectId=\(projectID)" }
        if let tenantID { scope += "&tenantId=\(tenantID)" }
        return "http://\(host)\(Self.actionPath)\(query)\(scope)"
    }

    /// `/emulator/action?mode=…&oobCode=…`: the page an emailed link opens. `verifyEmail` verifies the email,
    /// `verifyAndChangeEmail` changes it and `recoverEmail` restores the one it replaced;
    /// `resetPassword` shows a form whose POST (`newPassword`) resets the password; `signIn` hands over to the
    /// app's `continueUrl`. Answers are small HTML pages; a bad or used code is a 400 page naming the error.
    func action(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let method = request.method.uppercased()
        try Self.requireMethod(request, "GET", "POST")
        let query = request.query
        // A link's code lives in a store something wrote to; any other scope answers as an empty one.
        let api = try scoped(EmulatorScope(project: query["projectId"] ?? projects.defaultProject,
                                           tenant: query["tenantId"]), for: .read)
        let code = query["oobCode"] ?? ""
        do {
            switch query["mode"] ?? "" {
            case "verifyEmail":
                let account = try api.engine.applyEmailVerification(code: code)
                return .page("Your email \(account.email ?? "") has been verified. You can close this page.")
            case "verifyAndChangeEmail", "recoverEmail":
                let account = try api.engine.applyEmailCode(code).account
                return .page("Your email is now \(account.email ?? ""), verified. You can close this page.")
            case "resetPassword" where method == "POST":
                let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
                let account = try api.engine.resetPassword(code: code, newPassword: form["newPassword"] ?? "")
                return .page("The password of \(account.email ?? "") has been changed. You can sign in now.")
            case "resetPassword":
                let pending = try api.engine.inspectOobCode(code)
                return .page("Choose a new password for \(pending.email).",
                             form: "<input type=\"password\" name=\"newPassword\" autocomplete=\"new-password\">")
            case "signIn":
                _ = try api.engine.inspectOobCode(code)
                guard let next = query["continueUrl"], !next.isEmpty else {
                    return .page("This sign-in link names no app to continue at: add &continueUrl=YOUR_APP_URL to it.",
                                 status: 400)
                }
                return .page("This sign-in link is valid. Open it in the app that asked for it: \(next)")
            default:
                return .page("Unsupported action mode.", status: 400)
            }
        } catch {
            return .page("This link cannot be used: \(error.code.rawValue).", status: 400)
        }
    }
}

extension HTTPResponse {
    /// A minimal HTML page showing `message` (escaped), with a POST `form` when given.
    static func page(_ message: String, form: String, status: Int = 200) -> HTTPResponse {
        page(message, status: status, formHTML: "<form method=\"post\">\(form) <button>Save</button></form>")
    }

    /// The emulator's pages: `htmlPage` titled "fauth-tui emulator" unless another title is given.
    static func page(_ message: String, status: Int = 200, language: String = "en",
                     title: String = "fauth-tui emulator", formHTML: String = "") -> HTTPResponse {
        htmlPage(title: title, message: message, status: status, language: language, formHTML: formHTML)
    }
}
