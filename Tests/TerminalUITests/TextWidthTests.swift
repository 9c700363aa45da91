import Testing
@testable import TerminalUI

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("hello", 5),
        ("", 0),
        ("日本語", 6),
        ("\u{E9}", 1),                      // é precomposed
        ("e\u{301}", 1),                    // é decomposed
        ("👍", 2),
        ("👍🏽", 2),                          // skin-tone modifier
        ("🇯🇵", 2),                          // flag: two regional indicators
        ("❤️", 2),                          // text-default heart with U+FE0F
        ("❤", 1),                           // the same heart without the selector
        ("한국어", 6),                        // Hangul syllables
        ("\u{1112}\u{1161}\u{11AB}", 2),    // Hangul conjoining jamo forming one syllable
        ("Ａ", 2),                           // fullwidth Latin
        ("ｱ", 1),                           // halfwidth Katakana
        ("👨‍👩‍👧", 2),                         // ZWJ sequence counts once
        ("a\u{200B}b", 2),                  // zero-width space
        ("\u{FE0F}", 0),                    // a variation selector on its own
        ("1\u{FE0F}\u{20E3}", 2),           // keycap emoji
        ("\u{301}", 0),                     // a combining mark on its own
        ("中文, ok", 8),
        ("Ω≈ç", 3),
        // Widths a terminal gives (measured in tmux): spacing marks take a column, non-spacing marks none.
        ("साइन", 4),                         // स + ा (spacing vowel sign) + इ + न
        ("कि", 2),                           // one cluster, two columns
        ("नमस्ते", 4),                        // virama and vowel sign े take no column
        ("पासवर्ड", 6),
        ("ภาษาไทย", 7),
        ("ที่", 1),                           // Thai consonant with two marks above
    ])
    func widths(text: String, width: Int) {
        #expect(TextWidth.of(text) == width, "width of \(text.debugDescription)")
    }

    @Test func aClusterWithASpacingMarkFillsOneCellPerSpacingScalar() {
        var buffer = Buffer(size: Size(width: 8, height: 1))
        #expect(buffer.put("कि|", x: 0, y: 0, role: .normal) == 3)
        #expect(buffer[0, 0].text == "क")
        #expect(buffer[1, 0].text == "ि")
        #expect(buffer[2, 0].text == "|")
        #expect(buffer.put("नमस्ते", x: 0, y: 0, role: .normal) == 4)
        #expect(buffer[2, 0].text == "स्")
        #expect(buffer[3, 0].text == "ते")
    }

    @Test func aClusterThatDoesNotFitIsNotSplit() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        #expect(buffer.put("aकि", x: 0, y: 0, role: .normal, maxWidth: 2) == 2)
        #expect(buffer.textLines() == ["a"])
    }

    @Test func controlCharactersCountAsTheCellsTheyBecome() {
        #expect(TextWidth.of("a\u{1B}b") == 3)
        #expect(TextWidth.of(TextWidth.sanitized("a\u{1B}b")) == 3)
    }

    @Test func truncateLeavesShortTextAlone() {
        #expect(TextWidth.truncate("Sign in", to: 7) == "Sign in")
        #expect(TextWidth.truncate("日本", to: 4) == "日本")
    }

    @Test func truncateAddsEllipsisAndRespectsWideCharacters() {
        let cut = TextWidth.truncate("日本語テキスト", to: 7)
        #expect(cut == "日本語…")
        #expect(TextWidth.of(cut) <= 7)
        #expect(TextWidth.truncate("日本語テキスト", to: 6) == "日本…")
        #expect(TextWidth.truncate("Sign in with email", to: 8) == "Sign in…")
        #expect(TextWidth.truncate("abc", to: 1) == "…")
        #expect(TextWidth.truncate("abc", to: 0) == "")
    }

    @Test func truncateNeverSplitsAGraphemeCluster() {
        let text = "👨‍👩‍👧👍🏽e\u{301}e\u{301}🇯🇵"
        for width in 0...TextWidth.of(text) {
            let cut = TextWidth.truncate(text, to: width)
            #expect(TextWidth.of(cut) <= width)
            let kept = cut.hasSuffix("…") ? String(cut.dropLast()) : cut
            #expect(text.hasPrefix(kept), "\(cut.debugDescription) is not a prefix of whole clusters")
            #expect(Array(kept) == Array(text.prefix(kept.count)))
        }
    }

    /// Issue 32 item 8: "Sign in wit…" cut a word, and a cut Arabic word showed its last letter in final form.
    @Test func truncateCutsAfterAWholeWordWhenThatKeepsHalfTheRoom() {
        #expect(TextWidth.truncate("Sign in with email", to: 12) == "Sign in…")
        #expect(TextWidth.truncate("Sign in with email", to: 16) == "Sign in with…")
        #expect(TextWidth.truncate("A verylongword", to: 10) == "A verylon…")
        #expect(TextWidth.truncate("Authentication", to: 6) == "Authe…")
    }

    @Test func aCutArabicWordKeepsItsJoinedForm() {
        // "تسجيل" cut after its third letter: a tatweel follows the jeem so that it stays in its medial form.
        #expect(TextWidth.truncate("تسجيل الدخول", to: 5) == "تسج\u{0640}…")
        #expect(Bidi.visual(TextWidth.truncate("تسجيل الدخول", to: 5), paragraph: .rightToLeft) == "…ـﺠﺴﺗ")
        // Cut after a letter that never joins forward (reh), nothing is added.
        #expect(TextWidth.truncate("مرحبا بكم", to: 3) == "مر…")
    }

    @Test func wrapBreaksLatinTextAtSpaces() {
        #expect(TextWidth.wrap("The quick brown fox jumps", width: 10) == ["The quick", "brown fox", "jumps"])
        #expect(TextWidth.wrap("fits", width: 10) == ["fits"])
        #expect(TextWidth.wrap("two  spaces", width: 20) == ["two  spaces"])
    }

    @Test func wrapSplitsWordsLongerThanTheWidth() {
        #expect(TextWidth.wrap("see averyveryverylongword ok", width: 8) == ["see", "averyver", "yverylon", "gword ok"])
    }

    @Test func wrapKeepsJapanesePhrasesWhole() {
        // The examples: "バックエン/ド" and "貼り付けてか/ら" broke inside words.
        let notice = "ローカルバックエンドからのメールと SMS がここに表示されます。"
        #expect(TextWidth.wrap(notice, width: 30) == ["ローカルバックエンドからの", "メールと SMS がここに", "表示されます。"])
        let prompt = "リンクまたはコードを貼り付けてから、新しいパスワードを設定してください。"
        for width in 26...60 {  // from the width of the longest phrase, "ローカルバックエンドからの"
            let lines = TextWidth.wrap(prompt, width: width) + TextWidth.wrap(notice, width: width)
            #expect(lines.allSatisfy { TextWidth.of($0) <= width })
            #expect(!lines.contains { $0.hasSuffix("バックエン") || $0.hasSuffix("てか") }, "\(width): \(lines)")
        }
    }

    @Test func aJapanesePhraseWiderThanTheLineBreaksWhereJapaneseAllows() {
        // Never before a small kana (UAX #14 class CJ, strict for Japanese), unlike a split between graphemes.
        let lines = TextWidth.wrap("チェックボックス", width: 6)
        #expect(lines == ["チェッ", "クボッ", "クス"])
    }

    /// Issue 32 item 5: "비|밀번호", "않습니|다." broke between syllables; iOS wraps Korean by word.
    @Test func koreanBreaksOnlyAtSpaces() {
        let message = "입력한 이메일 주소와 비밀번호가 일치하지 않습니다."
        #expect(TextWidth.wrap(message, width: 20) == ["입력한 이메일 주소와", "비밀번호가 일치하지", "않습니다."])
        for width in 10...50 {  // from the width of the longest word, "않습니다."
            let lines = TextWidth.wrap(message, width: width)
            #expect(lines.allSatisfy { TextWidth.of($0) <= width })
            #expect(lines.joined(separator: " ") == message, "\(width): \(lines)")
        }
        #expect(TextWidth.wrap("Google로 로그인", width: 8) == ["Google로", "로그인"])
    }

    @Test func aKoreanWordWiderThanTheLineBreaksBetweenSyllables() {
        #expect(TextWidth.wrap("비밀번호가", width: 4) == ["비밀", "번호", "가"])
    }

    @Test func chineseBreaksBetweenCharactersAndLatinAtSpaces() {
        #expect(TextWidth.wrap("电子邮件地址无效", width: 7) == ["电子邮", "件地址", "无效"])
        #expect(TextWidth.wrap("Hello 世界", width: 8) == ["Hello 世", "界"])
    }

    @Test func wrapFollowsUAX14AroundPunctuation() {
        // A break is allowed after a hyphen but never before closing punctuation.
        #expect(TextWidth.wrap("Sign in with e-mail (or phone).", width: 16) == ["Sign in with e-", "mail (or phone)."])
        #expect(TextWidth.wrap("Try again (later)", width: 15) == ["Try again", "(later)"])
    }

    @Test func wrapHonoursNewlines() {
        #expect(TextWidth.wrap("one\ntwo three\n\nfour", width: 5) == ["one", "two", "three", "", "four"])
        #expect(TextWidth.wrap("a\r\nb", width: 5) == ["a", "b"])
        #expect(TextWidth.wrap("", width: 5) == [""])
    }

    @Test func wrappedLinesNeverExceedTheWidth() {
        let text = "Mixed 日本語 text with 👍🏽 emoji and a verylongunbrokenword, plus Ａ fullwidth."
        for width in 1...20 {
            for line in TextWidth.wrap(text, width: width) {
                #expect(TextWidth.of(line) <= max(2, width), "\(line.debugDescription) at width \(width)")
            }
        }
    }

    @Test func sanitizeRemovesEscapeSequencesAndC1() {
        let clean = TextWidth.sanitized("a\u{1B}[31mred\u{9B}2J\u{7F}\u{85}b")
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(clean == "a\u{FFFD}[31mred\u{FFFD}2J\u{FFFD}\u{FFFD}b")
    }

    @Test func sanitizeDropsBidiOverridesAndTurnsTabsIntoSpaces() {
        #expect(TextWidth.sanitized("evil\u{202E}txt.exe\u{2066}x\u{2069}") == "eviltxt.exe\u{2066}x\u{2069}")
        // Isolates are honoured by reordering and never drawn.
        var buffer = Buffer(size: Size(width: 20, height: 1))
        buffer.put("evil\u{202E}txt.exe\u{2066}x\u{2069}", x: 0, y: 0, role: .normal)
        #expect(buffer.textLines() == ["eviltxt.exex"])
        #expect(TextWidth.sanitized("a\tb") == "a b")
        #expect(TextWidth.sanitized("plain text") == "plain text")
    }

    @Test func bufferPutNeverWritesControlCharacters() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        buffer.put("x\u{1B}]0;pwn\u{07}", x: 0, y: 0, role: .normal)
        #expect(buffer.cells.allSatisfy { cell in
            !cell.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        })
    }

    @Test func everyVariationSelectorIsANonspacingMark() {
        // `TextWidth` gives nonspacing marks no column and relies on this to leave variation selectors out.
        let selectors = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(\.properties.isVariationSelector)
        #expect(selectors.count == 260)
        #expect(selectors.allSatisfy { $0.properties.generalCategory == .nonspacingMark })
    }

    @Test func noScalarBeforeTheFirstEmojiPresentationHasIt() {
        let first = TextWidth.firstEmojiPresentation
        #expect((0..<first).compactMap(Unicode.Scalar.init).allSatisfy { !$0.properties.isEmojiPresentation })
        #expect(Unicode.Scalar(first)?.properties.isEmojiPresentation == true)
    }
}
