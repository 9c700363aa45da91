@preconcurrency import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// The terminal a person uses: draws buffers with ncursesw (only what changed) and reads keys.
///
/// Runs in raw mode with bracketed paste on. `restore()` (or process exit) gives the shell its terminal back.
/// SIGTERM, SIGHUP and SIGINT are recorded in `pendingTermination` for the app to act on.
@MainActor
public final class NcursesTerminal: TerminalBackend {
    /// Where ncurses reads and writes, and whether this terminal owns the process's signals and exit hook.
    struct Device {
        var termType: String
        var output: UnsafeMutablePointer<FILE>
        var input: UnsafeMutablePointer<FILE>
        var ownsProcess: Bool
    }

    /// How long to wait for the rest of an escape sequence after ncurses passed on an ESC (it already waited
    /// its own escape delay for a known key sequence).
    static let sequenceWaitMilliseconds = 10
    /// Longest single wait for input, so termination signals are noticed even when reads are restarted.
    static let pollMilliseconds = 250
    /// Silence after which a bracketed paste whose end marker never came is ended, so keys work again.
    static let pasteStallMilliseconds = 1_000
    /// Most input items read ahead at once (a paste is many items but one key); bounds the keys held in memory.
    static let readAheadLimit = 1 << 20

    let device: Device
    private let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let looks: [StyleRole: CursesLook]
    /// Whether an erased cell looks like a blank `normal` cell, so a full redraw may skip those (see `writeCells`).
    let erasesToBlankCells: Bool
    /// Colour pairs for cells with explicit colours; nil without colour.
    var palette: ColorPalette?
    private var decoder = KeyDecoder()
    private var typeahead = Typeahead()
    /// When the last input arrived (to end a stalled paste).
    private var lastInputAt = ContinuousClock.now
    /// The last frame drawn; the next frame writes only the cells that differ from it.
    var drawnFrame: Buffer?
    /// Set after a resize, a resume or `redrawAll()`: the next draw writes every cell.
    var needsFullRedraw = true
    var cursorVisible = false
    /// Whether the frames' links are sent as OSC 8 hyperlinks (the app decides where the terminal shows them).
    public var showsHyperlinks = false
    private var isRestored = false
    /// Ends a key wait early when background work finishes.
    public nonisolated let wakeup = Wakeup()

    /// The current size in cells.
    public private(set) var size: Size

    /// Opens the process's controlling terminal (`/dev/tty`) for full-screen use.
    ///
    /// Drawing on `/dev/tty` rather than stdout leaves stdin and stdout free for scripts, as `dialog` and
    /// `gh` do: `fauth-tui > result` still shows the interface and writes only the result to the file.
    ///
    /// - Parameters:
    ///   - theme: how style roles look.
    ///   - colors: false to draw without colours (e.g. when `NO_COLOR` is set); attributes stay.
    /// - Throws: `TerminalError` when there is no controlling terminal or `TERM` is missing or unknown.
    public convenience init(theme: Theme, colors: Bool) throws(TerminalError) {
        guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty else { throw .missingTerm }
        // Close-on-exec ("e"), so a browser or provisioning command started from the interface cannot hold the
        // terminal open or read from it.
        guard let input = fopen("/dev/tty", "re") else { throw .notATerminal }
        guard let output = fopen("/dev/tty", "we") else {
            fclose(input)
            throw .notATerminal
        }
        let device = Device(termType: term, output: output, input: input, ownsProcess: true)
        try self.init(theme: theme, colors: colors, device: device)
    }

    /// Opens a terminal on explicit streams (tests use files and pipes without owning signals or exit).
    init(theme: Theme, colors: Bool, device: Device) throws(TerminalError) {
        Self.selectUTF8Locale()
        if device.ownsProcess {
            TerminalSignals.install()
            CrashHandling.armRestore(terminalDescriptor: fileno(device.output))
        }
        set_escdelay(25)
        guard let screen = newterm(device.termType, device.output, device.input) else {
            if device.ownsProcess { TerminalSignals.uninstall() }
            throw .unknownTerminal(device.termType)
        }
        set_term(screen)
        guard let window = shim_stdscr(), tigetstr("cup").map({ Int(bitPattern: $0) > 0 }) == true else {
            endwin()
            delscreen(screen)
            if device.ownsProcess { TerminalSignals.uninstall() }
            throw .unknownTerminal(device.termType)
        }
        self.device = device
        self.screen = screen
        self.window = window
        raw()
        noecho()
        nonl()
        keypad(window, true)
        curs_set(0)
        (looks, palette) = Self.setUpLooks(theme: theme, colors: colors)
        erasesToBlankCells = Self.eraseInNormalColors(window, look: looks[.normal])
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        if device.ownsProcess { CrashHandling.setTerminalActive(true) }
        setBracketedPaste(true)
    }

    isolated deinit {
        restore()
    }

    /// The termination signal (SIGTERM, SIGHUP, SIGINT) received, if any: the app should `restore()` and exit.
    public var pendingTermination: Int32? {
        device.ownsProcess ? TerminalSignals.pending : nil
    }

    /// Shows a frame, writing only the cells that changed since the last one (all of them after a resize).
    public func draw(_ buffer: Buffer) {
        guard !isRestored else { return }
        let previous = needsFullRedraw ? nil : drawnFrame
        writeCells(of: buffer)
        wnoutrefresh(window)
        doupdate()
        if showsHyperlinks { writeHyperlinks(of: buffer, since: previous) }
        drawnFrame = buffer
        needsFullRedraw = false
    }

    /// Makes the next `draw` rewrite the whole screen, clearing anything other programs left on it.
    public func redrawAll() {
        guard !isRestored else { return }
        needsFullRedraw = true
        clearok(shim_curscr(), true)
    }

    /// Whether keys already read are waiting: the app handles them all before it draws again.
    public var hasPendingKeys: Bool { !typeahead.isEmpty }

    /// The next key, waiting at most `timeoutMilliseconds` (negative: until a key or a termination signal).
    ///
    /// Returns early with nil when a termination signal arrived (see `pendingTermination`). Whatever else the
    /// terminal already holds is read with the first key, so a Ctrl-C behind a burst of input is seen at once.
    public func nextKey(timeoutMilliseconds: Int) -> Key? {
        if !typeahead.isEmpty { return typeahead.next() }
        guard !isRestored else { return nil }
        let clock = ContinuousClock()
        let deadline = timeoutMilliseconds < 0 ? nil : clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
        while pendingTermination == nil {
            var wait = Self.pollMilliseconds
            if let deadline {
                let left = clock.now.duration(to: deadline).components
                wait = max(0, min(wait, Int(left.seconds) * 1000 + Int(left.attoseconds / 1_000_000_000_000_000)))
            }
            if decoder.isAwaitingSequence { wait = min(wait, Self.sequenceWaitMilliseconds) }
            // Take what ncurses already buffered first; otherwise sleep until input, a wakeup or the timeout.
            wtimeout(window, 0)
            var character: wint_t = 0
            var status = wget_wch(window, &character)
            if status == ERR, wait > 0 {
                if waitForInputOrWakeup(milliseconds: wait) == .wakeup { return nil }
                wtimeout(window, Int32(decoder.isAwaitingSequence ? wait : 0))
                status = wget_wch(window, &character)
            }
            if status == OK || status == KEY_CODE_YES {
                take(status, character)
                readAhead()
            } else if decoder.isAwaitingSequence {
                typeahead.append(decoder.flush())
            } else if decoder.isInPaste,
                      lastInputAt.duration(to: clock.now) >= .milliseconds(Self.pasteStallMilliseconds) {
                typeahead.append(decoder.endStalledPaste())
            }
            if !typeahead.isEmpty { return typeahead.next() }
            if let deadline, clock.now >= deadline, !decoder.isAwaitingSequence { return nil }
        }
        return nil
    }

    /// Decodes one item `wget_wch` read and queues the keys it completes.
    private func take(_ status: Int32, _ character: wint_t) {
        lastInputAt = .now
        let keys = status == KEY_CODE_YES ? decoder.feed(.keyCode(Int32(bitPattern: character)))
                                          : decoder.feed(.scalar(character))
        if keys.contains(.resize) { noteResize() }
        typeahead.append(keys)
    }

    /// Reads whatever input the terminal already holds, without waiting (up to `readAheadLimit` items).
    private func readAhead() {
        wtimeout(window, 0)
        var character: wint_t = 0
        for _ in 0..<Self.readAheadLimit {
            let status = wget_wch(window, &character)
            guard status == OK || status == KEY_CODE_YES else { return }
            take(status, character)
        }
    }

    private enum WaitOutcome { case input, wakeup, timeout }

    /// Sleeps until the terminal has input, `wakeup` is signalled, or the time is up.
    private func waitForInputOrWakeup(milliseconds: Int) -> WaitOutcome {
        var descriptors = [pollfd(fd: fileno(device.input), events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0)]
        guard poll(&descriptors, 2, Int32(milliseconds)) > 0 else { return .timeout }
        if descriptors[1].revents != 0 {
            wakeup.drain()
            return .wakeup
        }
        return .input
    }

    /// Gives the shell its terminal back: bracketed paste off, ncurses ended. Safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        setBracketedPaste(false)
        endwin()
        delscreen(screen)
        if device.ownsProcess {
            CrashHandling.setTerminalActive(false)
            TerminalSignals.uninstall()
        }
    }

    /// Stops the process like Ctrl-Z would in a shell (raw mode delivers Ctrl-Z as a key), and takes the
    /// terminal back when the shell continues it; a `.resize` key follows so the app draws a fresh frame.
    public func suspend() {
        guard !isRestored else { return }
        setBracketedPaste(false)
        endwin()
        shim_stop_process()
        var rows: Int32 = 0, columns: Int32 = 0
        if shim_window_size(fileno(device.output), &rows, &columns) == 0, rows > 0, columns > 0,
           rows != getmaxy(window) || columns != getmaxx(window) {
            resizeterm(rows, columns)
        }
        noteResize()
        doupdate()
        setBracketedPaste(true)
        typeahead.append([.resize])
    }

    /// Updates the size after the terminal changed and schedules a full, clean redraw.
    private func noteResize() {
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        needsFullRedraw = true
        clearok(shim_curscr(), true)
    }

    /// Whether terminfo lists `Ms`, the extended capability of terminals that set the clipboard by OSC 52
    /// (tmux's own entries, xterm+tmux); terminals without it would print or ignore the sequence.
    public var canCopyToClipboard: Bool { tigetstr("Ms").map { Int(bitPattern: $0) > 0 } ?? false }

    /// Sends xterm's OSC 52 "set selection" for the clipboard, written straight after ncurses' output.
    public func copyToClipboard(_ text: String) {
        guard canCopyToClipboard else { return }
        let bytes = Array("\u{1B}]52;c;\(Self.base64(Array(text.utf8)))\u{07}".utf8)
        fflush(device.output)
        _ = bytes.withUnsafeBytes { write(fileno(device.output), $0.baseAddress, $0.count) }
    }

    /// RFC 4648 base64 with padding, which OSC 52 carries (TerminalUI stays free of Foundation: its ICU clashes
    /// with the one CICU imports).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var output = ""
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for index in 0..<4 {
                output.append(index <= chunk.count ? alphabet[(value >> (18 - 6 * index)) & 63] : "=")
            }
        }
        return output
    }

    /// Turns xterm's bracketed paste mode on or off (written straight after whatever ncurses buffered).
    private func setBracketedPaste(_ on: Bool) {
        let bytes = Array((on ? "\u{1B}[?2004h" : "\u{1B}[?2004l").utf8)
        fflush(device.output)
        _ = bytes.withUnsafeBytes { write(fileno(device.output), $0.baseAddress, $0.count) }
    }

    /// Uses the user's locale for characters, falling back to C.UTF-8 when it is not UTF-8 (wide characters need
    /// it). Only the character category is read: nothing here formats numbers, dates or messages through C.
    private static func selectUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
