import Foundation
import Testing
import TestSupport

@Suite("Account events posted to a Functions emulator")
struct AuthCloudFunctionTests {
    @Test("with an Emulator Hub, created and deleted accounts are posted to the Functions emulator it lists")
    func events() throws {
        let functions = try FakeFunctions()  // the hub and the Functions emulator at once
        let trigger = "/functions/projects/\(testProject)/trigger_multicast"
        for _ in 0..<2 {
            functions.reply("/emulators", #"{"functions": {"name": "functions", "host": "127.0.0.1", "port": "#
                + "\(functions.address.split(separator: ":")[1])}}")
            functions.reply(trigger, "{}")
        }
        let emulator = try Emulator(functionsEmulatorHub: functions.address)

        let (uid, idToken, _) = try emulator.signUp()
        let created = try Self.event(functions, trigger, 0)
        #expect(created["eventType"]?.stringValue == "providers/firebase.auth/eventTypes/user.create")
        #expect(created["resource"] == .object(["name": .string("projects/\(testProject)"),
                                                "service": .string("firebaseauth.googleapis.com")]))
        #expect(created["data"]?["uid"]?.stringValue == uid)
        #expect(created["data"]?["email"]?.stringValue == "ada@example.com")
        #expect(created["data"]?["metadata"]?["creationTime"]?.stringValue != nil)

        #expect(emulator.call("delete", ["idToken": idToken]).status == 200)
        let deleted = try Self.event(functions, trigger, 1)
        #expect(deleted["eventType"]?.stringValue == "providers/firebase.auth/eventTypes/user.delete")
        #expect(deleted["data"]?["uid"]?.stringValue == uid)
    }

    /// The body of the `index`th post to `path`, waited for (events go out in the background).
    private static func event(_ functions: FakeFunctions, _ path: String, _ index: Int) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(10)
        while functions.requests(path).count <= index, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let requests = functions.requests(path)
        try #require(requests.count > index, "no event \(index) posted")
        return try JSONValue(data: requests[index].body)
    }
}
