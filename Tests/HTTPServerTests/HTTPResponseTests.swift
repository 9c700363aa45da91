import Foundation
import HTTPServer
import Testing

@Suite("HTTPResponse JSON")
struct HTTPResponseTests {
    @Test("The Encodable initialiser writes sorted JSON and the JSON content type")
    func encodableBody() {
        let response = HTTPResponse(status: 201, json: ["localId": "u1", "email": "ada@example.com"])
        #expect(response.status == 201)
        #expect(response.headers["Content-Type"] == "application/json; charset=UTF-8")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"email":"ada@example.com","localId":"u1"}"#)
    }

    @Test("The JSON-object initialiser serialises dictionaries and keeps a caller's content type")
    func jsonObjectBody() {
        let response = HTTPResponse(jsonObject: ["kind": "identitytoolkit#SignupNewUserResponse", "expiresIn": 3600],
                                    headers: ["Content-Type": "application/problem+json"])
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: response.body, as: UTF8.self)
                == #"{"expiresIn":3600,"kind":"identitytoolkit#SignupNewUserResponse"}"#)
    }

    @Test("A value that is not JSON becomes a 500 JSON error")
    func invalidJSONObject() {
        let response = HTTPResponse(jsonObject: Date())
        #expect(response.status == 500)
        #expect(String(decoding: response.body, as: UTF8.self).contains("RESPONSE_NOT_ENCODABLE"))
    }

    @Test("Errors have Firebase's shape")
    func errorShape() throws {
        let response = HTTPResponse.jsonError(status: 400, message: "EMAIL_EXISTS")
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: [String: Any]]
        #expect(object?["error"]?["code"] as? Int == 400)
        #expect(object?["error"]?["message"] as? String == "EMAIL_EXISTS")
    }

    @Test("HTTPRequest lower-cases header names and looks them up in any case")
    func requestHeaders() {
        let request = HTTPRequest(method: "GET", path: "/", headers: ["X-Goog-Api-Key": "k", "x-goog-api-key": "j"])
        #expect(request.headers.count == 1)
        #expect(request.header("X-GOOG-API-KEY")?.split(separator: ",").count == 2)
    }
}
