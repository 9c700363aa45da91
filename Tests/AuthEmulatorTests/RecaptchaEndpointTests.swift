import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

@Suite("--require-recaptcha: texting a code needs a one-time answer of the stand-in reCAPTCHA page")
struct RecaptchaEndpointTests {
    private let continueURI = "http://127.0.0.1:43123/"

    /// The stand-in page as a browser gets it.
    private func page(_ emulator: Emulator, _ method: String, query: [String: String] = [:],
                      form: String = "") -> HTTPResponse {
        emulator.api.handle(HTTPRequest(method: method, path: "/emulator/auth/recaptcha", query: query,
                                        headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                        body: Data(form.utf8)))
    }

    /// Shows the page, ticks the box; returns the token the browser is sent back with.
    private func solve(_ emulator: Emulator, state: String = "s1") throws -> String {
        let shown = page(emulator, "GET", query: ["continueUri": continueURI, "state": state])
        #expect(shown.status == 200)
        #expect(String(decoding: shown.body, as: UTF8.self).contains("name=\"notARobot\""))
        let back = page(emulator, "POST", form: "continueUri=http%3A%2F%2F127.0.0.1%3A43123%2F&state=\(state)&notARobot=true")
        try #require(back.status == 302)
        let sentTo = try #require(back.headers["Location"])
        let location = try #require(URLComponents(string: sentTo))
        #expect(location.host == "127.0.0.1" && location.port == 43123)
        #expect(location.queryItems?.first { $0.name == "state" }?.value == state)
        return try #require(location.queryItems?.first { $0.name == "recaptchaToken" }?.value)
    }

    private func send(_ emulator: Emulator, token: String?) -> Reply {
        emulator.call("sendVerificationCode", ["phoneNumber": "+15555550100"].merging(
            token.map { ["recaptchaToken": $0] } ?? [:]) { $1 })
    }

    @Test("a code needs a token of the page, each token works once and for two minutes")
    func tokens() throws {
        let emulator = try Emulator(requireRecaptcha: true)
        #expect(send(emulator, token: nil).errorCode == "MISSING_RECAPTCHA_TOKEN")
        #expect(send(emulator, token: "made-up").errorCode == "CAPTCHA_CHECK_FAILED")
        let token = try solve(emulator)
        #expect(send(emulator, token: token).string("sessionInfo") != nil)
        #expect(send(emulator, token: token).errorCode == "CAPTCHA_CHECK_FAILED")
        let late = try solve(emulator, state: "s2")
        emulator.clock.advance(by: 121)
        #expect(send(emulator, token: late).errorCode == "CAPTCHA_CHECK_FAILED")
        #expect(emulator.verificationCodes().count == 1)
    }

    @Test("recaptchaParams names the stand-in's key only when reCAPTCHA is required")
    func siteKey() throws {
        let path = "/identitytoolkit.googleapis.com/v1/recaptchaParams"
        #expect(try Emulator(requireRecaptcha: true).admin("GET", path, admin: false).string("recaptchaSiteKey")
                == "fauth-tui-emulator-stand-in-recaptcha")
        let plain = try Emulator()
        #expect(plain.admin("GET", path, admin: false).string("recaptchaSiteKey") == "fauth-tui-emulator-has-no-recaptcha")
        #expect(send(plain, token: nil).string("sessionInfo") != nil)
    }

    @Test("the page answers only this computer's listener, and only with the box ticked")
    func pageRules() throws {
        let emulator = try Emulator(requireRecaptcha: true)
        #expect(page(emulator, "GET", query: ["continueUri": "http://attacker.example/", "state": "s"]).status == 400)
        #expect(page(emulator, "GET", query: ["continueUri": continueURI]).status == 400)
        #expect(page(emulator, "POST", form: "continueUri=https%3A%2F%2F127.0.0.1%2F&state=s&notARobot=true").status == 400)
        let unticked = page(emulator, "POST", form: "continueUri=http%3A%2F%2F127.0.0.1%3A43123%2F&state=s")
        #expect(unticked.status == 400 && unticked.headers["Location"] == nil)
    }
}
