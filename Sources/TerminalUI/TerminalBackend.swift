/// Where frames go and keys come from: ncurses for people, a grid for tests.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Shows a frame (a backend may write only the cells that changed).
    func draw(_ buffer: Buffer)
    /// The next key, waiting at most `timeoutMilliseconds`; nil when none arrived in time or `wakeup` was signalled.
    func nextKey(timeoutMilliseconds: Int) -> Key?
    /// Whether keys already read are waiting for `nextKey` (the app draws once they are all handled).
    var hasPendingKeys: Bool { get }
    /// Signalled from any thread to end a `nextKey` wait early.
    nonisolated var wakeup: Wakeup { get }
    /// Hands the terminal back to the shell until the process is continued (Ctrl-Z).
    func suspend()
    /// Makes the next frame rewrite every cell, clearing what other programs left on the screen (Ctrl-L).
    func redrawAll()
    /// Whether the terminal says it takes text for its clipboard (OSC 52).
    var canCopyToClipboard: Bool { get }
    /// Puts `text` on the terminal's clipboard (OSC 52); nothing happens where `canCopyToClipboard` is false.
    func copyToClipboard(_ text: String)
}
