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
    /// Whether the whole text is selected (a pre-filled value): typing or deleting replaces it, a move keeps it.
    public private(set) var isSelected = false

    public init(_ text: String = "") {
        self.text = text
        self.cursorOffset = text.utf8.count
        self.hasBeenEdited = false
    }

    /// Selects the whole text, with the cursor at its end, so the next typed text replaces it.
    public mutating func selectAll() {
        isSelected = !text.isEmpty
        cursorOffset = text.utf8.count
    }

    /// The cursor as a Character index (0 = before the first Character).
    public var cursor: Int { text[..<cursorIndex].count }

    private var cursorIndex: String.Index { text.utf8.index(text.startIndex, offsetBy: cursorOffset) }

    /// Applies a line-editing operation. Each one works around the cursor (found from its UTF-8 offset), so an
    /// edit costs at most one pass over the text even when every scalar merges with its neighbours.
    public mutating func apply(_ edit: TextEdit) {
        let lengthBefore = text.utf8.count
        if isSelected { replaceSelection(before: edit) }
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
            remove(from: boundary(atOrBelow: wordStart(before: cursorOffset)), upTo: index)
        }
        // Every edit inserts or removes bytes, so an unchanged length means an unchanged text.
        if text.utf8.count != lengthBefore { hasBeenEdited = true }
    }

    /// Ends the selection: an edit that types or deletes first removes the selected text; a move only ends the
    /// selection, at its start or end.
    private mutating func replaceSelection(before edit: TextEdit) {
        isSelected = false
        switch edit {
        case .moveLeft, .moveToStart: cursorOffset = 0
        case .moveRight, .moveToEnd: cursorOffset = text.utf8.count
        case .insert, .deleteBackward, .deleteForward, .deleteToStart, .deleteToEnd, .deleteWordBackward:
            text = ""
            cursorOffset = 0
        }
    }

    private func offset(of index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) }

    /// The UTF-8 offset where the word ending at `end` begins: spaces before `end` are skipped, then non-spaces.
    /// Works on bytes (a space is one byte, never part of a longer UTF-8 sequence).
    private func wordStart(before end: Int) -> Int {
        let bytes = Array(text.utf8.prefix(end))
        var start = end
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") { start -= 1 }
        while start > 0, bytes[start - 1] != UInt8(ascii: " ") { start -= 1 }
        return start
    }

    /// The Character boundary at or below `offset`, found from the Character around it rather than from the
    /// start of the text.
    private func boundary(atOrBelow offset: Int) -> String.Index {
        let raw = text.utf8.index(text.startIndex, offsetBy: offset)
        guard raw < text.endIndex else { return text.endIndex }
        return text.index(before: text.index(after: raw))
    }

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
        let below = boundary(atOrBelow: clamped)
        let belowOffset = self.offset(of: below)
        cursorOffset = roundingUp && belowOffset < clamped ? self.offset(of: text.index(after: below)) : belowOffset
    }
}

extension TextInput: CustomStringConvertible {
    /// Never prints the contents: fields hold passwords.
    public var description: String { "TextInput(\(text.count) characters)" }
}
