import AuthCore
import FirebaseAuthREST
import Foundation

// fauth-bench HOST:PORT EMAIL PASSWORD COUNT
// Signs in COUNT times through FirebaseAuthClient against an emulator and prints the mean round trip in
// milliseconds (make bench compares it with curl sending the same request). The password comes from the
// environment variable FAUTH_BENCH_PASSWORD, never from the command line.
let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]), count > 0,
      let password = ProcessInfo.processInfo.environment["FAUTH_BENCH_PASSWORD"] else {
    FileHandle.standardError.write(Data("usage: FAUTH_BENCH_PASSWORD=… fauth-bench HOST:PORT EMAIL COUNT\n".utf8))
    exit(2)
}
let parts = arguments[1].split(separator: ":")
guard parts.count == 2, let port = Int(parts[1]) else { exit(2) }
let endpoint = FirebaseEndpoint.emulator(host: String(parts[0]), port: port, projectID: "demo-fauth-tui")
let client = FirebaseAuthClient(endpoint: endpoint, sessionStore: MemorySessionStore())
let clock = ContinuousClock()
var total = Duration.zero
for _ in 0..<count {
    let start = clock.now
    do {
        _ = try await client.signIn(email: arguments[2], password: password)
    } catch {
        FileHandle.standardError.write(Data("fauth-bench: \(error.code.rawValue)\n".utf8))
        exit(1)
    }
    total += clock.now - start
    try? await client.signOut()
}
let mean = total / count
print(String(format: "%.3f", Double(mean.components.seconds) * 1000 + Double(mean.components.attoseconds) / 1e15))
