import Foundation
import Testing

/// A private tmux server with one pane, for driving the real binary as a person would.
public final class TmuxSession: @unchecked Sendable {
    public let directory: URL
    private let socket: String

    /// Starts `command` in a detached session of the given size; the pane stays open after it exits.
    public init(command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("sock").path
        let exports = environment.map { "export \($0.key)='\($0.value)'; " }.joined()
        let wrapped = "\(exports)\(command); echo \"EXIT=$?\"; sleep 600"
        try tmux("new-session", "-d", "-s", "app", "-x", "\(width)", "-y", "\(height)", wrapped)
    }

    deinit {
        _ = try? tmux("kill-server")
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    public func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        try spawnClean(["tmux", "-S", socket, "-f", "/dev/null"] + arguments).output
    }

    /// The pane's text as a person sees it.
    public func screen() throws -> String { try tmux("capture-pane", "-p", "-t", "app") }

    /// Sends tmux key names (`Enter`, `Tab`, `C-c`, `F2`, …).
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "app"] + keys)
    }

    /// Types literal text.
    public func type(_ text: String) throws {
        try tmux("send-keys", "-t", "app", "-l", text)
    }

    /// Pastes text with bracketed-paste markers, as a terminal does (through a file, so any length works).
    public func paste(_ text: String) throws {
        let file = directory.appendingPathComponent("paste-buffer")
        try Data(text.utf8).write(to: file)
        try tmux("load-buffer", file.path)
        try tmux("paste-buffer", "-p", "-t", "app")
    }

    public func resize(width: Int, height: Int) throws {
        try tmux("resize-window", "-t", "app", "-x", "\(width)", "-y", "\(height)")
    }

    /// Waits until the screen contains `needle`; records an issue with the screen on timeout.
    @discardableResult
    public func waitFor(_ needle: String, timeout: TimeInterval = 10,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(needle) { return last }
            usleep(20_000)
        }
        Issue.record("timed out waiting for \(needle.debugDescription); screen:\n\(last)", sourceLocation: sourceLocation)
        return last
    }
}

/// Path of a product binary built beside the test bundle.
public func productBinary(_ name: String) -> String {
    let beside = Bundle.main.bundleURL.appendingPathComponent(name).path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return FileManager.default.currentDirectoryPath + "/.build/debug/" + name
}
