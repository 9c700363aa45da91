import AuthEmulator
import Foundation
import HTTPServer
import JSON
import Testing
import TestSupport

@Suite("reCAPTCHA Enterprise: recaptchaConfig in PATCH …/config, getRecaptchaConfig, captchaResponse under ENFORCE")
struct RecaptchaEnterpriseEndpointTests {
    private let configPath = "/identitytoolkit.googleapis.com/v2/projects/\(testProject)/config"
    private let recaptchaConfigPath = "/identitytoolkit.googleapis.com/v2/recaptchaConfig"

    /// An emulator whose project enforces reCAPTCHA Enterprise as `emailPassword` and `phone` say.
    private func emulator(emailPassword: String, phone: String = "OFF") throws -> Emulator {
        let emulator = try Emulator()
        let patched = emulator.admin("PATCH", configPath, ["recaptchaConfig": [
            "emailPasswordEnforcementState": emailPassword, "phoneEnforcementState": phone,
        ]])
        try #require(patched.status == 200, "PATCH config: \(patched.errorMessage ?? "")")
        return emulator
    }

    /// A token of the stand-in page, as the browser brings it back.
    private func solve(_ emulator: Emulator) throws -> String {
        let back = emulator.api.handle(HTTPRequest(
            method: "POST", path: "/emulator/auth/recaptcha",
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data("continueUri=http%3A%2F%2F127.0.0.1%3A43123%2F&state=s&notARobot=true".utf8)))
        let location = try #require(back.headers["Location"].flatMap(URLComponents.init(string:)))
        return try #require(location.queryItems?.first { $0.name == "recaptchaToken" }?.value)
    }

    /// The Enterprise fields a web client sends with `token`.
    private func enterprise(_ token: String, field: String = "captchaResponse") -> [String: Any] {
        [field: token, "clientType": "CLIENT_TYPE_WEB", "recaptchaVersion": "RECAPTCHA_ENTERPRISE"]
    }

    private func states(_ reply: Reply) -> [String: String] {
        var states: [String: String] = [:]
        for entry in reply.array("recaptchaEnforcementState") {
            if let provider = entry["provider"]?.stringValue { states[provider] = entry["enforcementState"]?.stringValue }
        }
        return states
    }

    @Test("getRecaptchaConfig reports each provider's state, and a key only when one is on, as production")
    func config() throws {
        let plain = try Emulator()
        let off = plain.admin("GET", recaptchaConfigPath, query: ["clientType": "CLIENT_TYPE_WEB",
                                                                  "version": "RECAPTCHA_ENTERPRISE"], admin: false)
        #expect(states(off) == ["EMAIL_PASSWORD_PROVIDER": "OFF", "PHONE_PROVIDER": "OFF"])
        #expect(off.string("recaptchaKey") == nil)

        let enforced = try emulator(emailPassword: "ENFORCE", phone: "AUDIT")
        let on = enforced.admin("GET", recaptchaConfigPath, admin: false)
        #expect(states(on) == ["EMAIL_PASSWORD_PROVIDER": "ENFORCE", "PHONE_PROVIDER": "AUDIT"])
        #expect(on.string("recaptchaKey")
                == "projects/\(testProject)/keys/fauth-tui-emulator-stand-in-recaptcha-enterprise")
        #expect(enforced.admin("GET", configPath).json["recaptchaConfig"]?["emailPasswordEnforcementState"]?
            .stringValue == "ENFORCE")
    }

    @Test("a state other than OFF, AUDIT or ENFORCE is refused and changes nothing")
    func badState() throws {
        let emulator = try Emulator()
        let refused = emulator.admin("PATCH", configPath, ["recaptchaConfig": ["emailPasswordEnforcementState": "ON"]],
                                     fitsSpec: false)
        #expect(refused.errorCode == "INVALID_ARGUMENT")
        #expect(states(emulator.admin("GET", recaptchaConfigPath, admin: false))["EMAIL_PASSWORD_PROVIDER"] == "OFF")
    }

    @Test("under ENFORCE, password sign-in, sign-up and reset need a one-time token of the stand-in page")
    func enforced() throws {
        let open = try Emulator()
        _ = try open.signUp("ada@example.com")
        let emulator = try emulator(emailPassword: "ENFORCE")
        let password: [String: Any] = ["email": "bob@example.com", "password": "secret1"]
        #expect(emulator.call("signUp", password).errorCode == "MISSING_RECAPTCHA_TOKEN")
        #expect(emulator.call("signUp", password.merging(enterprise("made-up")) { $1 }).errorCode
                == "INVALID_RECAPTCHA_TOKEN")
        let token = try solve(emulator)
        #expect(emulator.call("signUp", password.merging(enterprise(token)) { $1 }).string("idToken") != nil)

        #expect(emulator.call("signInWithPassword", password).errorCode == "MISSING_RECAPTCHA_TOKEN")
        #expect(emulator.call("signInWithPassword", password.merging(enterprise(token)) { $1 }).errorCode
                == "INVALID_RECAPTCHA_TOKEN", "a token works once")
        let signedIn = emulator.call("signInWithPassword", password.merging(enterprise(try solve(emulator))) { $1 })
        #expect(signedIn.string("idToken") != nil)

        let reset: [String: Any] = ["requestType": "PASSWORD_RESET", "email": "bob@example.com"]
        #expect(emulator.call("sendOobCode", reset).errorCode == "MISSING_RECAPTCHA_TOKEN")
        #expect(emulator.call("sendOobCode", reset.merging(enterprise(try solve(emulator), field: "captchaResp")) { $1 })
            .status == 200)

        let late = try solve(emulator)
        emulator.clock.advance(by: 121)
        #expect(emulator.call("signInWithPassword", password.merging(enterprise(late)) { $1 }).errorCode
                == "INVALID_RECAPTCHA_TOKEN")
        #expect(emulator.call("signUp", [:]).string("idToken") != nil, "a guest's sign-up is not protected")
    }

    @Test("under ENFORCE, a token without its client type or version is refused with production's codes")
    func fields() throws {
        let emulator = try emulator(emailPassword: "ENFORCE")
        let password: [String: Any] = ["email": "bob@example.com", "password": "secret1"]
        var fields = enterprise(try solve(emulator))
        fields["clientType"] = nil
        #expect(emulator.call("signUp", password.merging(fields) { $1 }).errorCode == "MISSING_CLIENT_TYPE")
        fields = enterprise(try solve(emulator))
        fields["recaptchaVersion"] = nil
        #expect(emulator.call("signUp", password.merging(fields) { $1 }).errorCode == "MISSING_RECAPTCHA_VERSION")
        fields["recaptchaVersion"] = "RECAPTCHA_VERSION_UNSPECIFIED"
        #expect(emulator.call("signUp", password.merging(fields) { $1 }).errorCode == "MISSING_RECAPTCHA_VERSION")
    }

    @Test("AUDIT refuses nothing, and a phone under ENFORCE reads captchaResponse instead of recaptchaToken")
    func auditAndPhone() throws {
        let audited = try emulator(emailPassword: "AUDIT", phone: "AUDIT")
        #expect(audited.call("signUp", ["email": "bob@example.com", "password": "secret1"]).string("idToken") != nil)
        #expect(audited.call("sendVerificationCode", ["phoneNumber": "+15555550100"]).string("sessionInfo") != nil)

        let phone = try emulator(emailPassword: "OFF", phone: "ENFORCE")
        let number: [String: Any] = ["phoneNumber": "+15555550100"]
        #expect(phone.call("sendVerificationCode", number).errorCode == "MISSING_RECAPTCHA_TOKEN")
        #expect(phone.call("sendVerificationCode", number.merging(["recaptchaToken": try solve(phone)]) { $1 })
            .errorCode == "MISSING_RECAPTCHA_TOKEN")
        #expect(phone.call("sendVerificationCode", number.merging(enterprise(try solve(phone))) { $1 })
            .string("sessionInfo") != nil)
        #expect(phone.call("signUp", ["email": "bob@example.com", "password": "secret1"]).string("idToken") != nil)
    }
}
