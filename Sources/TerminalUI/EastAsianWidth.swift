/// The East Asian Wide (W) and Fullwidth (F) code point ranges that are not emoji.
///
/// Emoji with default emoji presentation are wide too; `TextWidth` finds them through the scalar's
/// `isEmojiPresentation` property, so they are left out here. Adjacent ranges are merged across
/// unassigned code points to keep the table short.
enum EastAsianWidth {
    /// True when the code point is East Asian Wide or Fullwidth (emoji excepted, see above).
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
             0x2329...0x232A,  // angle brackets
             0x2E80...0x303E,  // CJK radicals, Kangxi radicals, ideographic description, CJK symbols and punctuation
             0x3041...0x3247,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed
             0x3250...0xA4CF,  // enclosed CJK, CJK compatibility, CJK ideographs (ext. A), Yijing, Yi
             0xA960...0xA97F,  // Hangul Jamo extended A
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19,  // vertical forms
             0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
             0xFF00...0xFF60,  // fullwidth forms
             0xFFE0...0xFFE6,  // fullwidth signs
             0x16FE0...0x16FE4,  // ideographic symbols and punctuation
             0x16FF0...0x16FF1,
             0x17000...0x18CFF,  // Tangut, Khitan small script
             0x18D00...0x18D08,  // Tangut supplement
             0x1AFF0...0x1B2FF,  // Kana extended, Kana supplement, small Kana, Nushu
             0x1F200...0x1F265,  // enclosed ideographic supplement
             0x20000...0x2FFFD,  // CJK ideographs extensions B–F, compatibility supplement
             0x30000...0x3FFFD:  // CJK ideographs extensions G–H
            return true
        default:
            return false
        }
    }

    /// True for Hangul Jamo vowels and final consonants, which join the preceding initial consonant.
    static func isConjoiningVowelOrFinal(_ value: UInt32) -> Bool {
        (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
    }
}
