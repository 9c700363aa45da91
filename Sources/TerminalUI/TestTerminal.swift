/// A terminal for tests: keys come from a queue, frames are kept instead of shown.
@MainActor
public final class TestTerminal: TerminalBackend {
    /// The current size in cells.
    public private(set) var size: Size
    /// The last frame drawn, if any.
    public private(set) var lastFrame: Buffer?
    /// How many frames were drawn.
    public private(set) var frameCount = 0
    /// How many times the app suspended itself.
    public private(set) var suspendCount = 0
    private var keys: [Key] = []
    /// Never waited on: `nextKey` returns at once.
    public nonisolated let wakeup = Wakeup()

    /// Creates a terminal of the given size with no keys queued.
    public init(size: Size) {
        self.size = size
    }

    /// Keys not yet read.
    public var pendingKeys: [Key] { keys }

    /// Whether keys are queued.
    public var hasPendingKeys: Bool { !keys.isEmpty }

    /// Queues keys for `nextKey` to return in order.
    public func enqueue(_ keys: [Key]) {
        self.keys += keys
    }

    /// Returns the next queued key at once, or nil when none is queued (it never waits).
    public func nextKey(timeoutMilliseconds: Int) -> Key? {
        keys.isEmpty ? nil : keys.removeFirst()
    }

    /// Keeps the frame as `lastFrame` and counts it.
    public func draw(_ buffer: Buffer) {
        lastFrame = buffer
        frameCount += 1
    }

    /// How many full redraws the app asked for.
    public private(set) var redrawCount = 0

    /// Counts the request; a test terminal has nothing stale to clear.
    public func redrawAll() {
        redrawCount += 1
    }

    /// Counts the suspension; a test terminal has no shell to return to.
    public func suspend() {
        suspendCount += 1
    }

    /// Whether the test pretends the terminal takes clipboard text; off unless a test turns it on.
    public var canCopyToClipboard = false
    /// What was sent to the clipboard, in order.
    public private(set) var clipboard: [String] = []

    /// Records `text` when the test terminal takes clipboard text.
    public func copyToClipboard(_ text: String) {
        if canCopyToClipboard { clipboard.append(text) }
    }

    /// Changes the size and queues a `.resize` key, as a real terminal does.
    public func resize(to size: Size) {
        self.size = size
        keys.append(.resize)
    }
}
