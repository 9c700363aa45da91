import CICU
import Synchronization

/// Where a paragraph may break across lines: the Unicode line-breaking rules (UAX #14) from ICU.
///
/// ICU is loaded on first use. Text with kana is broken between phrases (`ja@lw=phrase`), so words such as
/// "バックエンド" stay whole, and a phrase too long for a line between characters as Japanese allows (`ja@lb=strict`:
/// never before a small kana or a prolonged sound mark); everything else with the root rules. Korean is broken
/// by word, as iOS does: a break touching a Hangul letter counts only after a space, and a word too long for a
/// line breaks between syllables. When ICU cannot be loaded, lines break after spaces and on either side of a
/// wide character.
enum LineBreakOpportunities {
    /// `paragraph` cut at every break opportunity: each piece is a word with the spaces that follow it.
    /// `phrases: false` gives the finer breaks inside a Japanese phrase.
    static func pieces(of paragraph: String, phrases: Bool = true) -> [Substring] {
        let breaks = icuBreaks(in: paragraph, phrases: phrases) ?? simpleBreaks(in: paragraph)
        let offsets = phrases ? keepingHangulWords(breaks, in: paragraph) : breaks
        var pieces: [Substring] = []
        var start = paragraph.startIndex
        for offset in offsets {
            let end = String.Index(utf16Offset: offset, in: paragraph)
            guard end > start else { continue }
            pieces.append(paragraph[start..<end])
            start = end
        }
        if start < paragraph.endIndex { pieces.append(paragraph[start...]) }
        return pieces
    }

    private struct ICU: ~Copyable {
        var api: CICULineBreakAPI?
        var iterators: [String: OpaquePointer] = [:]

        init() {
            var api = CICULineBreakAPI()
            self.api = cicu_load_line_break(&api) != 0 ? api : nil
        }
    }

    private static let icu = Mutex(ICU())

    /// UTF-16 offsets after which ICU allows a break, or nil when ICU is not available.
    private static func icuBreaks(in paragraph: String, phrases: Bool) -> [Int]? {
        let japanese = paragraph.unicodeScalars.contains(where: isKana)
        let locale = japanese ? (phrases ? "ja@lw=phrase" : "ja@lb=strict") : ""
        let text = Array(paragraph.utf16)
        return icu.withLock { icu -> [Int]? in
            guard let api = icu.api else { return nil }
            var status = U_ZERO_ERROR
            let iterator: OpaquePointer
            if let known = icu.iterators[locale] {
                iterator = known
            } else {
                guard let opened = api.open(UBRK_LINE, locale, nil, 0, &status), status.rawValue <= 0 else { return nil }
                icu.iterators[locale] = opened
                iterator = opened
            }
            return text.withUnsafeBufferPointer { buffer -> [Int]? in
                api.setText(iterator, buffer.baseAddress, Int32(buffer.count), &status)
                guard status.rawValue <= 0 else { return nil }
                let done: Int32 = -1  // UBRK_DONE
                var offsets: [Int] = []
                _ = api.first(iterator)
                var next = api.next(iterator)
                while next != done {
                    offsets.append(Int(next))
                    next = api.next(iterator)
                }
                return offsets
            }
        }
    }

    /// Breaks after runs of spaces and on both sides of a wide character, for when ICU is missing.
    private static func simpleBreaks(in paragraph: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        var previous: Character?
        for character in paragraph {
            if let previous, (previous == " " && character != " ") || TextWidth.of(previous) == 2
                || TextWidth.of(character) == 2 {
                offsets.append(offset)
            }
            offset += character.utf16.count
            previous = character
        }
        return offsets
    }

    /// `offsets` without the breaks inside a word written in Hangul ("비밀번호", "않습니다.", "Google로").
    private static func keepingHangulWords(_ offsets: [Int], in paragraph: String) -> [Int] {
        guard paragraph.unicodeScalars.contains(where: isHangul) else { return offsets }
        let units = Array(paragraph.utf16)
        return offsets.filter { offset in
            guard offset > 0, offset < units.count, let before = Unicode.Scalar(units[offset - 1]),
                  let after = Unicode.Scalar(units[offset]) else { return true }
            return before.properties.isWhitespace || !(isHangul(before) || isHangul(after))
        }
    }

    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
            || (0x3130...0x318F).contains(scalar.value)
    }

    private static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3041...0x30FF).contains(scalar.value) && scalar.value != 0x30FB
    }
}
