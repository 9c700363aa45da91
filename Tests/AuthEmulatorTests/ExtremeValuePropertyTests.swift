import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

/// Issue 27 item 2, as a property: whatever integer, update mask or nesting a request carries, at whatever
/// operation of the spec, the emulator answers with a 2xx or 4xx JSON object, and so do the reads of what it
/// stored (lookups by token and uid, batchGet, a refresh). A trap would end the test process.
@Suite("Extreme values at every operation")
struct ExtremeValuePropertyTests {
    /// The seed of the random choices (which other properties get which extreme values).
    static let seed: UInt64 = 27_000_002

    @Test("every integer-like field and parameter, other properties, update masks and deep nesting are answered",
          .timeLimit(.minutes(1)))
    func everyOperation() throws {
        let spec = try #require(openAPISpec)
        var random = SeededGenerator(seed: Self.seed)
        var exchanges = 0
        for operation in spec.operations {
            // A fresh emulator for each operation keeps what the others stored out of its reads.
            let emulator = try Emulator()
            let send: FuzzSend = { request in
                exchanges += 1
                return emulator.api.handle(request)
            }
            let requests = ExtremeRequests(target: try FuzzTarget(project: testProject, serial: 0, send: send))
            for request in Self.plan(operation, requests, using: &random) {
                let answer = try send(request)
                if let problem = answer.problem { Issue.record("\(operation): \(request.summary)\n→ \(problem)") }
                // Only a write that stored everything it was given is read back (an import lists what it refused).
                guard (200..<300).contains(answer.status), request.method != "GET", answer.json?["error"] == nil
                else { continue }
                for followUp in requests.followUps(after: operation) {
                    if let problem = try send(followUp).problem {
                        Issue.record("\(operation): after \(request.summary)\n\(followUp.summary)\n→ \(problem)")
                    }
                }
            }
        }
        #expect(exchanges > 5_000)
    }

    /// What `operation` is sent: each extreme value at each integer-like place as each caller, two random ones
    /// at every other property, each odd update mask, and bodies nested 5,000 levels deep.
    static func plan(_ operation: SpecOperation, _ requests: ExtremeRequests, using random: inout SeededGenerator)
        -> [HTTPRequest] {
        let callers = ExtremeRequests.callers(for: operation)
        let places = operation.integerFields + operation.integerParameters.map { [$0] }
        var plan: [HTTPRequest] = []
        for caller in callers {
            plan.append(requests.request(operation, as: caller))
            for place in places {
                plan += ExtremeValues.all.map { requests.request(operation, as: caller, setting: place, to: $0) }
            }
            for property in operation.properties {
                for _ in 0..<2 {
                    let value = ExtremeValues.all.randomElement(using: &random)!
                    plan.append(requests.request(operation, as: caller, setting: [property], to: value))
                }
            }
            for objects in [false, true] {
                plan.append(requests.request(operation, as: caller,
                                             body: ExtremeValues.nested(depth: 5_000, objects: objects)))
            }
        }
        if operation.method == "PATCH" {
            plan += ExtremeValues.updateMasks.map { mask in
                requests.request(operation, as: callers[0], setting: places.first, to: "1", mask: mask)
            }
        }
        return plan
    }
}
