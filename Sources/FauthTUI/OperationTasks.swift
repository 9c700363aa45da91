/// The task of every call in flight, by operation id, so that Esc can cancel the one it abandons.
@MainActor
final class OperationTasks {
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// Ids of the operations whose task has not finished or been cancelled.
    var running: Set<Int> { Set(tasks.keys) }

    /// Runs `body` as operation `id`'s task.
    func start(_ id: Int, _ body: @escaping @Sendable () async -> Void) {
        tasks[id] = Task.detached(operation: body)
    }

    /// Cancels operation `id`'s task: its client sees `CancellationError` (or URLSession's cancellation).
    func cancel(_ id: Int) {
        tasks.removeValue(forKey: id)?.cancel()
    }

    /// Forgets a task whose result arrived.
    func finished(_ id: Int) {
        tasks[id] = nil
    }
}
