import CNcursesw

/// Turns what `wget_wch` returns (Unicode scalars and curses key codes) into `Key`s.
///
/// It finishes what curses leaves undecoded: escape sequences curses does not know (bracketed paste,
/// CSI/SS3 keys missing from terminfo), Alt-prefixed characters and control characters. It is pure:
/// feed it input, get keys back; call `flush()` when no input arrived within the escape delay.
public struct KeyDecoder: Sendable {
    /// One item read from the terminal.
    public enum RawInput: Sendable, Hashable {
        /// A Unicode scalar value (`wget_wch` returned `OK`).
        case scalar(UInt32)
        /// A curses key code such as `KEY_UP` (`wget_wch` returned `KEY_CODE_YES`).
        case keyCode(Int32)
    }

    private enum State: Sendable {
        case ground
        /// After ESC; `sequence` holds what followed it so far (e.g. `[`, `2`, `0`).
        case escape(sequence: [UInt32])
        /// Skipping the rest of an overlong CSI sequence up to its final byte.
        case discarding
        /// Inside a bracketed paste; `text` holds everything since `ESC [ 200 ~`.
        case paste(text: [UInt32])
    }

    private var state: State = .ground

    /// Longest escape sequence accepted before it is dropped as garbage.
    private static let maximumSequenceLength = 32
    private static let pasteEnd: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Creates a decoder with nothing pending.
    public init() {}

    /// True while an escape sequence is incomplete: the caller should call `flush()` if nothing more arrives soon.
    public var isAwaitingSequence: Bool {
        switch state {
        case .escape, .discarding: return true
        case .ground, .paste: return false
        }
    }

    /// True while a bracketed paste has started and not yet ended.
    public var isInPaste: Bool {
        if case .paste = state { return true }
        return false
    }

    /// Decodes one input item; returns the keys it completes (often none or one).
    public mutating func feed(_ input: RawInput) -> [Key] {
        switch input {
        case .scalar(let value): return feedScalar(value)
        case .keyCode(let code): return feedKeyCode(code)
        }
    }

    /// Ends whatever is pending because no more input came: a lone ESC becomes `.escape`;
    /// an incomplete sequence is dropped. A paste in progress stays open until its end marker.
    public mutating func flush() -> [Key] {
        switch state {
        case .escape(let sequence):
            state = .ground
            return sequence.isEmpty ? [.escape] : []
        case .discarding:
            state = .ground
            return []
        case .ground, .paste:
            return []
        }
    }

    /// Ends a paste whose end marker never came (the connection dropped it, or the start marker arrived as
    /// typed text): what arrived becomes the paste and keys work again. Call it after a long silence.
    public mutating func endStalledPaste() -> [Key] {
        guard case .paste(let text) = state else { return [] }
        state = .ground
        return [.paste(Self.pasteText(text[...]))]
    }

    private mutating func feedScalar(_ value: UInt32) -> [Key] {
        switch state {
        case .ground:
            return groundScalar(value)
        case .paste(var text):
            state = .ground // drop the state's reference first, or every append copies the whole paste
            text.append(value)
            if text.count >= Self.pasteEnd.count, Array(text.suffix(Self.pasteEnd.count)) == Self.pasteEnd {
                state = .ground
                return [.paste(Self.pasteText(text.dropLast(Self.pasteEnd.count)))]
            }
            state = .paste(text: text)
            return []
        case .escape(let sequence):
            return escapeScalar(value, after: sequence)
        case .discarding:
            if (0x20...0x3F).contains(value) { return [] }
            state = .ground
            return (0x40...0x7E).contains(value) ? [] : groundScalar(value)
        }
    }

    private mutating func groundScalar(_ value: UInt32) -> [Key] {
        if value == 27 {
            state = .escape(sequence: [])
            return []
        }
        return Self.plainKey(value).map { [$0] } ?? []
    }

    private mutating func escapeScalar(_ value: UInt32, after sequence: [UInt32]) -> [Key] {
        guard let introducer = sequence.first else {
            switch value {
            case 0x5B, 0x4F: // '[' (CSI) or 'O' (SS3)
                state = .escape(sequence: [value])
                return []
            case 27:
                state = .escape(sequence: [])
                return [.escape]
            default:
                state = .ground
                return [.escape] + groundScalar(value)
            }
        }
        guard (0x20...0x7E).contains(value) else {
            // Not part of any sequence: drop what was collected and read this scalar afresh.
            state = .ground
            return groundScalar(value)
        }
        let body = Array(sequence.dropFirst()) + [value]
        if introducer == 0x4F {
            state = .ground
            return Self.ss3Key(value).map { [$0] } ?? []
        }
        guard (0x40...0x7E).contains(value) else {
            state = body.count < Self.maximumSequenceLength ? .escape(sequence: sequence + [value]) : .discarding
            return []
        }
        state = .ground
        let parameters = String(decoding: body.dropLast().map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        if value == 0x7E, parameters == "200" {
            state = .paste(text: [])
            return []
        }
        return Self.csiKey(final: value, parameters: parameters).map { [$0] } ?? []
    }

    private mutating func feedKeyCode(_ code: Int32) -> [Key] {
        let key = CursesKeyCode.key(for: code)
        switch state {
        case .paste:
            // Curses decoded part of the pasted text as a key; only a resize is worth passing on.
            return key == .resize ? [.resize] : []
        case .escape(let sequence):
            state = .ground
            let prefix: [Key] = sequence.isEmpty ? [.escape] : []
            return prefix + (key.map { [$0] } ?? [])
        case .ground, .discarding:
            state = .ground
            return key.map { [$0] } ?? []
        }
    }

    /// The key for a scalar outside any sequence, or nil for control characters with no meaning here.
    private static func plainKey(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(0x60 + value))))
        case 0...31, 0x80...0x9F: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    /// Keys sent as `ESC O <final>` (application cursor and keypad mode).
    private static func ss3Key(_ final: UInt32) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x4D: return .enter
        case 0x50...0x53: return .function(Int(final) - 0x50 + 1)
        default: return nil
        }
    }

    /// Keys sent as `ESC [ <parameters> <final>`; modifier parameters (`1;5A`) are ignored.
    private static func csiKey(final: UInt32, parameters: String) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x5A: return .backTab
        case 0x50...0x53: return .function(Int(final) - 0x50 + 1)
        case 0x7E:
            let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
            return Int(first).flatMap(tildeKey)
        default: return nil
        }
    }

    /// Keys sent as `ESC [ <number> ~` (VT220 style).
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 4, 8: return .end
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23...26: return .function(number - 12)
        case 28, 29: return .function(number - 13)
        case 31...34: return .function(number - 14)
        default: return nil
        }
    }

    /// Pasted scalars as text, with CR and CRLF line ends normalised to LF.
    private static func pasteText(_ scalars: ArraySlice<UInt32>) -> String {
        var view = String.UnicodeScalarView()
        var afterCR = false
        for value in scalars {
            defer { afterCR = value == 13 }
            if value == 10, afterCR { continue }
            guard let scalar = Unicode.Scalar(value) else { continue }
            view.append(value == 13 ? "\n" : scalar)
        }
        return String(view)
    }
}

/// The curses key codes the decoder understands (values from `curses.h`; reading them needs no terminal).
enum CursesKeyCode {
    /// Function keys F1…F63 are `KEY_F0 + n`.
    static let functionKeys = (Int32(KEY_F0) + 1)...(Int32(KEY_F0) + 63)

    static let table: [Int32: Key] = [
        Int32(KEY_UP): .up, Int32(KEY_DOWN): .down, Int32(KEY_LEFT): .left, Int32(KEY_RIGHT): .right,
        Int32(KEY_HOME): .home, Int32(KEY_END): .end, Int32(KEY_PPAGE): .pageUp, Int32(KEY_NPAGE): .pageDown,
        Int32(KEY_DC): .delete, Int32(KEY_BACKSPACE): .backspace, Int32(KEY_ENTER): .enter,
        Int32(KEY_BTAB): .backTab, Int32(KEY_RESIZE): .resize,
    ]

    /// The key for a curses key code, or nil for codes the app has no use for.
    static func key(for code: Int32) -> Key? {
        if functionKeys.contains(code) { return .function(Int(code - Int32(KEY_F0))) }
        return table[code]
    }
}
