import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Two writers on one store")
struct ConcurrentWriterTests {
    @Test("two clients on one file sign up 2×20 accounts at once; all succeed and both see all")
    func concurrentSignUps() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let clients = [try makeClient(path: path), try makeClient(path: path)]

        let failures = await withTaskGroup(of: [AuthError].self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    var failures: [AuthError] = []
                    for number in 0..<20 {
                        let failure = await authError {
                            _ = try await client.createUser(email: "user\(index)-\(number)@example.com",
                                                            password: "secret-\(number)")
                        }
                        if let failure { failures.append(failure) }
                    }
                    return failures
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty)

        for client in clients {
            for index in 0..<2 {
                for number in 0..<20 {
                    #expect(try await client.fetchSignInMethods(email: "user\(index)-\(number)@example.com")
                        == ["password"])
                }
            }
        }
        _ = try await clients[0].signIn(email: "user1-7@example.com", password: "secret-7")
        #expect(try await clients[0].currentUser()?.email == "user1-7@example.com")
        #expect(try await clients[1].currentUser()?.email == "user1-19@example.com")
        #expect(try await makeClient(path: path).currentUser()?.email == "user1-7@example.com")
    }

    @Test("the same email raced from two clients is created exactly once")
    func racedDuplicate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let clients = [try makeClient(path: path), try makeClient(path: path)]

        let codes = await withTaskGroup(of: AuthErrorCode?.self) { group in
            for attempt in 0..<10 {
                let client = clients[attempt % 2]
                group.addTask {
                    await authError { _ = try await client.createUser(email: "ada@example.com", password: "secret1") }?
                        .code
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(codes.filter { $0 == nil }.count == 1)
        #expect(codes.filter { $0 == .emailExists }.count == 9)
    }
}
