/// A line-editing operation on a text field.
public enum TextEdit: Hashable, Sendable {
    /// Typed or pasted text; line breaks are dropped (every field is one line).
    case insert(String)
    case deleteBackward
    case deleteForward
    case moveLeft
    case moveRight
    case moveToStart
    case moveToEnd
    /// Ctrl-U: delete from the start of the line to the cursor.
    case deleteToStart
    /// Ctrl-K: delete from the cursor to the end of the line.
    case deleteToEnd
    /// Ctrl-W: delete the word before the cursor.
    case deleteWordBackward
}

/// The contents of one text field: its text, the cursor and whether it was edited yet.
///
/// The cursor is kept as a UTF-8 offset that always lies on a Character boundary: after every edit it is
/// snapped to one, because a typed scalar may merge with its neighbours into one grapheme (a combining
/// accent, a ZWJ emoji, a flag, Hangul jamo).
public struct TextInput: Hashable, Sendable {
    /// The most Unicode scalars a field holds; typed or pasted text beyond it is dropped (and `wasCut` set), so a
    /// huge paste cannot freeze the interface. Scalars, not Characters: one Character can hold any number of
    /// combining marks. Ample for an email (254) or a password; editing stays fast at this size.
    public static let maximumLength = 1_024

    public private(set) var text: String
    /// True when the last edit was an insert cut short at `maximumLength`.
    public private(set) var wasCut = false
    /// The cursor's UTF-8 offset into `text`, always on a Character boundary.
    private var cursorOffset: Int
    /// Validation messages appear only once the person has edited the field (FirebaseUI's behaviour).
    public var hasBeenEdited: Bool

    public init(_ text: String = "") {
        self.text = text
        self.cursorOffset = text.utf8.count
        self.hasBeenEdited = false
    }

    /// The cursor as a Character index (0 = before the first Character).
    public var cursor: Int { text[..<cursorIndex].count }

    private var cursorIndex: String.Index { text.utf8.index(text.startIndex, offsetBy: cursorOffset) }

    /// Applies a line-editing operation.
    public mutating func apply(_ edit: TextEdit) {
        let before = text
        let index = cursorIndex
        wasCut = false
        switch edit {
        case .insert(let typed):
            var clean = typed.filter { !$0.isNewline }
            let room = max(0, Self.maximumLength - text.unicodeScalars.count)
            if clean.unicodeScalars.count > room {
                clean = String(String.UnicodeScalarView(clean.unicodeScalars.prefix(room)))
                wasCut = true
            }
            text.insert(contentsOf: clean, at: index)
            place(atOffset: cursorOffset + clean.utf8.count, roundingUp: true)
        case .deleteBackward:
            guard index > text.startIndex else { return }
            remove(from: text.index(before: index), upTo: index)
        case .deleteForward:
            guard index < text.endIndex else { return }
            text.remove(at: index)
            place(atOffset: cursorOffset, roundingUp: false)
        case .moveLeft:
            if index > text.startIndex { cursorOffset = offset(of: text.index(before: index)) }
        case .moveRight:
            if index < text.endIndex { cursorOffset = offset(of: text.index(after: index)) }
        case .moveToStart: cursorOffset = 0
        case .moveToEnd: cursorOffset = text.utf8.count
        case .deleteToStart: remove(from: text.startIndex, upTo: index)
        case .deleteToEnd:
            text.removeSubrange(index...)
            cursorOffset = text.utf8.count
        case .deleteWordBackward:
            var start = index
            while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
            while start > text.startIndex, text[text.index(before: start)] != " " { start = text.index(before: start) }
            remove(from: start, upTo: index)
        }
        if text != before { hasBeenEdited = true }
    }

    private func offset(of index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) }

    /// Removes `start..<end` and leaves the cursor where the removed text began (or before the grapheme the
    /// text around it merged into).
    private mutating func remove(from start: String.Index, upTo end: String.Index) {
        let startOffset = offset(of: start)
        text.removeSubrange(start..<end)
        place(atOffset: startOffset, roundingUp: false)
    }

    /// Puts the cursor at a UTF-8 offset of the edited text, snapped to the Character boundary at or below it
    /// (or at or above it when `roundingUp`, so the cursor ends after a merged grapheme).
    private mutating func place(atOffset offset: Int, roundingUp: Bool) {
        let clamped = min(max(0, offset), text.utf8.count)
        var boundary = text.startIndex
        var boundaryOffset = 0
        while boundary < text.endIndex {
            let next = text.index(after: boundary)
            let nextOffset = boundaryOffset + text.utf8.distance(from: boundary, to: next)
            if nextOffset > clamped {
                cursorOffset = roundingUp && boundaryOffset < clamped ? nextOffset : boundaryOffset
                return
            }
            boundary = next
            boundaryOffset = nextOffset
        }
        cursorOffset = boundaryOffset
    }
}

extension TextInput: CustomStringConvertible {
    /// Never prints the contents: fields hold passwords.
    public var description: String { "TextInput(\(text.count) characters)" }
}
