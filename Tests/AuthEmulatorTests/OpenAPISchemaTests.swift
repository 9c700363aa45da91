import Foundation
import Testing
import TestSupport

@Suite("The OpenAPI check catches drift")
struct OpenAPISchemaTests {
    private func spec() throws -> OpenAPISchema {
        try #require(openAPISpec, "OpenAPI spec missing at \(OpenAPISchema.referencePath(from: #filePath))")
    }

    private let signUp = "/identitytoolkit.googleapis.com/v1/accounts:signUp"

    @Test("a fitting body has no problems; served and spec paths both resolve")
    func fits() throws {
        let spec = try spec()
        let body = JSONValue.object(["email": .string("a@b.co"), "password": .string("secret1")])
        #expect(spec.requestProblems(path: signUp, method: "POST", body: body).isEmpty)
        #expect(spec.requestProblems(path: "/v1/accounts:signUp", method: "POST", body: body).isEmpty)
        #expect(spec.responseProblems(path: "/emulator/v1/projects/p/oobCodes", method: "GET",
                                      body: .object(["oobCodes": .array([])])).isEmpty)
    }

    @Test("unknown names, wrong types, bad int64 strings and enum values are problems")
    func drift() throws {
        let spec = try spec()
        #expect(spec.requestProblems(path: signUp, method: "POST", body: .object(["emial": .string("x")]))
            == ["request: unknown property \"emial\""])
        #expect(spec.requestProblems(path: signUp, method: "POST", body: .object(["email": .number(1)]))
            == ["request.email: expected string, got number"])
        #expect(spec.responseProblems(path: signUp, method: "POST", body: .object(["expiresIn": .number(3600)]))
            == ["response.expiresIn: expected string, got number"])
        #expect(spec.responseProblems(path: signUp, method: "POST", body: .object(["expiresIn": .string("1h")]))
            == ["response.expiresIn: \"1h\" is not an int64 string"])
        let sendOobCode = "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode"
        #expect(spec.requestProblems(path: sendOobCode, method: "POST",
                                     body: .object(["requestType": .string("NOPE")])).count == 1)
        let lookup = "/identitytoolkit.googleapis.com/v1/accounts:lookup"
        let nested = JSONValue.object(["users": .array([.object(["localId": .string("u"), "extra": .bool(true)])])])
        #expect(spec.responseProblems(path: lookup, method: "POST", body: nested)
            == ["response.users[0]: unknown property \"extra\""])
    }

    @Test("snake_case names count as their camelCase properties (securetoken's form fields)")
    func snakeCase() throws {
        let spec = try spec()
        let body = JSONValue.object(["grant_type": .string("refresh_token"), "refresh_token": .string("t")])
        #expect(spec.requestProblems(path: "/securetoken.googleapis.com/v1/token", method: "POST", body: body)
            .isEmpty)
    }

    @Test("paths and methods the spec lacks are problems")
    func unknownOperations() throws {
        let spec = try spec()
        #expect(!spec.requestProblems(path: "/v1/accounts:fly", method: "POST", body: .object([:])).isEmpty)
        #expect(!spec.responseProblems(path: signUp, method: "GET", body: .object([:])).isEmpty)
    }
}
