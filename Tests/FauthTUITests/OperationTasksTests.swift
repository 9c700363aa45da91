import Synchronization
import Testing
@testable import FauthTUI

@MainActor
@Suite struct OperationTasksTests {
    @Test func cancellingAnOperationCancelsItsTask() async throws {
        let tasks = OperationTasks()
        let outcome = Mutex<String?>(nil)
        tasks.start(1) {
            do {
                try await Task.sleep(for: .seconds(60))
                outcome.withLock { $0 = "finished" }
            } catch {
                outcome.withLock { $0 = "\(type(of: error))" }
            }
        }
        #expect(tasks.running == [1])
        tasks.cancel(1)
        #expect(tasks.running.isEmpty)
        let deadline = ContinuousClock.now + .seconds(30)
        while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(outcome.withLock { $0 } == "CancellationError")
    }

    @Test func aFinishedOperationIsForgotten() {
        let tasks = OperationTasks()
        tasks.start(2) {}
        tasks.finished(2)
        #expect(tasks.running.isEmpty)
    }
}
