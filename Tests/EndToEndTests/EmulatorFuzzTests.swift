import Foundation
import HTTPServer
import Testing
import TestSupport

/// Seeded random requests carrying extreme integers, odd update masks and deeply nested JSON to every operation of
/// the spec, against a running `fauth-tui emulator` with a store file; what they stored is read back after each
/// write and again after a restart on the same store.
///
/// Every answer must be a 2xx or 4xx JSON object, the emulator must never end by itself, and it must stop cleanly
/// (status 0) on SIGINT. `make test` replays `shortRunSeed` for `shortRunRequests` requests; `make fuzz
/// FUZZ_MODE=emulator` runs `FUZZ_SECONDS` from `FUZZ_SEED`, or from a fresh seed. A failure prints the seed.
@Suite(.serialized) struct EmulatorFuzzTests {
    private let binary = productBinary("fauth-tui")
    static let project = "demo-fuzz"
    /// Requests between two new targets (a tenant and two accounts), as requests delete, disable and revoke.
    static let requestsPerTarget = 200

    /// A failure of the emulator under fuzz: an answer it may not give, or its end.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One running emulator and what was sent to it.
    final class Session {
        let process: BackgroundProcess
        let port: UInt16
        private(set) var exchanges = 0
        private(set) var recent: [String] = []

        init(binary: String, store: String, outputPath: String) throws {
            process = try BackgroundProcess([binary, "emulator", "--port", "0", "--store", store, "--project",
                                             EmulatorFuzzTests.project, "--quiet"], outputPath: outputPath)
            guard let banner = process.waitForOutput(/127\.0\.0\.1:([0-9]+)/), let port = UInt16(banner.1) else {
                throw Failure(description: "the emulator did not start: \(process.output.suffix(2_000))")
            }
            self.port = port
        }

        /// Sends `request`; throws when the emulator is gone or its answer is not a 2xx or 4xx JSON object.
        func send(_ request: HTTPRequest) throws -> HTTPResponse {
            exchanges += 1
            recent = Array((recent + [request.summary]).suffix(5))
            let answer: HTTPResponse
            do {
                answer = try LoopbackHTTP.exchange(request, port: port)
            } catch {
                usleep(200_000)
                let status = process.status.map { "ended with status \($0)" } ?? "still runs"
                throw Failure(description: "\(error); the emulator \(status)\n\(process.output.suffix(3_000))")
            }
            if let problem = answer.problem { throw Failure(description: "\(request.summary)\n→ \(problem)") }
            return answer
        }
    }

    @Test func extremeRequestsNeverCrashTheEmulator() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["FUZZ_SECONDS"].flatMap(TimeInterval.init)
        var random = seconds == nil ? SeededGenerator(seed: Self.shortRunSeed) : .fromEnvironment(environment)
        let operations = try OpenAPISchema(contentsOf: OpenAPISchema.referencePath(from: #filePath)).operations
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-fuzz-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/store.sqlite"
        var session = try Session(binary: binary, store: store, outputPath: directory + "/output")
        var targets: [FuzzTarget] = []
        var requests = 0
        let deadline = Date().addingTimeInterval(seconds ?? .infinity)
        do {
            while Date() < deadline, seconds != nil || requests < Self.shortRunRequests {
                if requests % Self.requestsPerTarget == 0 {
                    targets.append(try FuzzTarget(project: Self.project, serial: targets.count, send: session.send))
                }
                let extreme = ExtremeRequests(target: targets[targets.count - 1])
                let (operation, request) = extreme.random(from: operations, using: &random)
                requests += 1
                let answer = try session.send(request)
                guard (200..<300).contains(answer.status), request.method != "GET" else { continue }
                for read in extreme.followUps(after: operation) { _ = try session.send(read) }
            }
            #expect(session.process.stop() == 0, "the emulator did not stop cleanly")
            // What every target stored is read again by a new emulator on the same store.
            session = try Session(binary: binary, store: store, outputPath: directory + "/output-restarted")
            for target in targets {
                let extreme = ExtremeRequests(target: target)
                for read in extreme.accountReads + extreme.configurationReads { _ = try session.send(read) }
            }
            #expect(session.process.stop() == 0, "the restarted emulator did not stop cleanly")
        } catch {
            Issue.record("""
                emulator fuzz failure (FUZZ_SEED=\(random.seed), request \(requests)): \(error)
                  recent requests:
                  \(session.recent.joined(separator: "\n  "))
                """)
            return
        }
        print("emulator fuzz: seed \(random.seed), \(requests) requests, \(session.exchanges) after the restart, "
              + "\(targets.count) targets, 0 crashes")
    }

    /// The seed `make test` replays.
    static let shortRunSeed: UInt64 = 2_700_000_002
    static let shortRunRequests = 1_000
}
