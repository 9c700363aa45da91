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

/// The contents of one text field: its text, the cursor (a Character index) and whether it was edited yet.
public struct TextInput: Hashable, Sendable {
    public private(set) var text: String
    public private(set) var cursor: Int
    /// Validation messages appear only once the person has edited the field (FirebaseUI's behaviour).
    public var hasBeenEdited: Bool

    public init(_ text: String = "") {
        self.text = text
        self.cursor = text.count
        self.hasBeenEdited = false
    }

    /// Applies a line-editing operation.
    public mutating func apply(_ edit: TextEdit) {
        var characters = Array(text)
        switch edit {
        case .insert(let typed):
            let clean = typed.filter { !$0.isNewline }
            characters.insert(contentsOf: clean, at: cursor)
            cursor += clean.count
        case .deleteBackward:
            guard cursor > 0 else { return }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { return }
            characters.remove(at: cursor)
        case .moveLeft: cursor = max(0, cursor - 1)
        case .moveRight: cursor = min(characters.count, cursor + 1)
        case .moveToStart: cursor = 0
        case .moveToEnd: cursor = characters.count
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd: characters.removeSubrange(cursor...)
        case .deleteWordBackward:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        }
        let changed = String(characters) != text
        text = String(characters)
        if changed { hasBeenEdited = true }
    }
}

extension TextInput: CustomStringConvertible {
    /// Never prints the contents: fields hold passwords.
    public var description: String { "TextInput(\(text.count) characters)" }
}
