import AuthEmulator
import Foundation
import HTTPServer
import Testing

@Suite("Cross-origin requests: every origin and header reflected, as Firebase's emulator allows them")
struct CrossOriginSharingTests {
    @Test("a preflight on any path answers 204 with the methods, the requested headers and private-network access")
    func preflight() throws {
        let emulator = try Emulator()
        let response = emulator.api.handle(HTTPRequest(
            method: "OPTIONS", path: "/identitytoolkit.googleapis.com/v1/accounts:signUp",
            headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "POST",
                      "Access-Control-Request-Headers": "content-type,x-client-version",
                      "Access-Control-Request-Private-Network": "true"]))
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(response.headers["Access-Control-Allow-Origin"] == "https://app.example")
        #expect(response.headers["Access-Control-Allow-Methods"] == "GET,HEAD,PUT,PATCH,POST,DELETE")
        #expect(response.headers["Access-Control-Allow-Headers"] == "content-type,x-client-version")
        #expect(response.headers["Access-Control-Allow-Private-Network"] == "true")
        #expect(response.headers["Vary"] == "Origin, Access-Control-Request-Headers")
    }

    @Test("answers, errors included, name the caller's origin; without an Origin none is named")
    func actualRequests() throws {
        let emulator = try Emulator()
        let signUp = emulator.call("signUp", [:], headers: ["Origin": "http://localhost:5173"])
        #expect(signUp.status == 200)
        #expect(signUp.headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
        #expect(signUp.headers["Vary"] == "Origin")
        #expect(signUp.headers["Access-Control-Allow-Private-Network"] == nil)
        let refused = emulator.call("signUp", [:], key: nil, headers: ["Origin": "http://localhost:5173"])
        #expect(refused.status == 403)
        #expect(refused.headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
        #expect(emulator.call("signUp", [:]).headers["Access-Control-Allow-Origin"] == nil)
    }
}
