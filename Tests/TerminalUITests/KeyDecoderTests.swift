import Testing
@testable import TerminalUI

/// Feeds text as scalars, then flushes, and returns every key produced.
private func decode(_ text: String, flush: Bool = true) -> [Key] {
    var decoder = KeyDecoder()
    var keys = text.unicodeScalars.flatMap { decoder.feed(.scalar($0.value)) }
    if flush { keys += decoder.flush() }
    return keys
}

@Suite struct KeyDecoderScalarTests {
    @Test(arguments: [
        (UInt32(9), Key.tab), (10, .enter), (13, .enter), (127, .backspace), (8, .backspace),
        (1, .control("a")), (3, .control("c")), (5, .control("e")), (18, .control("r")), (21, .control("u")),
        (23, .control("w")), (26, .control("z")), (0x61, .character("a")), (0x20, .character(" ")),
        (0x767B, .character("登")), (0x1F600, .character("😀")),
    ])
    func scalar(_ value: UInt32, _ expected: Key) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.scalar(value)) == [expected])
        #expect(decoder.flush() == [])
    }

    @Test(arguments: [UInt32(0), 28, 31, 0x85, 0x9B, 0xD800, 0x110000])
    func controlAndInvalidScalarsProduceNothing(_ value: UInt32) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.scalar(value)) == [])
    }

    @Test func textBecomesOneCharacterPerScalar() {
        #expect(decode("hé登") == [.character("h"), .character("é"), .character("登")])
    }
}

@Suite struct KeyDecoderEscapeTests {
    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.scalar(27)) == [])
        #expect(decoder.isAwaitingSequence)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isAwaitingSequence)
        #expect(decoder.flush() == [])
    }

    @Test func doubleEscapeGivesTwoEscapes() {
        #expect(decode("\u{1B}\u{1B}") == [.escape, .escape])
    }

    @Test func altLetterIsEscapeThenCharacter() {
        #expect(decode("\u{1B}x", flush: false) == [.escape, .character("x")])
        #expect(decode("\u{1B}\u{01}", flush: false) == [.escape, .control("a")])
    }

    @Test(arguments: [
        ("[A", Key.up), ("[B", .down), ("[C", .right), ("[D", .left), ("[H", .home), ("[F", .end),
        ("[Z", .backTab), ("[3~", .delete), ("[5~", .pageUp), ("[6~", .pageDown), ("[1~", .home), ("[4~", .end),
        ("[7~", .home), ("[8~", .end), ("[1;5A", .up), ("[3;2~", .delete), ("[11~", .function(1)),
        ("[15~", .function(5)), ("[17~", .function(6)), ("[21~", .function(10)), ("[23~", .function(11)),
        ("[24~", .function(12)), ("[1;2P", .function(1)), ("OA", .up), ("OB", .down), ("OC", .right),
        ("OD", .left), ("OH", .home), ("OF", .end), ("OP", .function(1)), ("OS", .function(4)), ("OM", .enter),
    ])
    func sequence(_ body: String, _ expected: Key) {
        #expect(decode("\u{1B}" + body, flush: false) == [expected])
    }

    @Test func sequenceSplitIntoSingleScalarsDecodesOnce() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for scalar in "\u{1B}[3~x".unicodeScalars {
            keys += decoder.feed(.scalar(scalar.value))
            if scalar != "~", scalar != "x" { #expect(keys.isEmpty) }
        }
        #expect(keys == [.delete, .character("x")])
    }

    @Test(arguments: ["[2~", "[99~", "[5;5q", "[<0;1;2M", "[?1;2c", "OX", "[200;~"])
    func unknownSequencesAreDroppedNotTyped(_ body: String) {
        #expect(decode("\u{1B}" + body + "k") == [.character("k")])
    }

    @Test func incompleteSequenceIsDroppedOnFlush() {
        #expect(decode("\u{1B}[1;") == [])
        #expect(decode("\u{1B}[") == [])
    }

    @Test func controlCharacterInsideSequenceAbortsItAndCounts() {
        #expect(decode("\u{1B}[1\u{09}") == [.tab])
        #expect(decode("\u{1B}[\u{1B}[A") == [.up])
    }

    @Test func overlongSequenceIsDropped() {
        let garbage = "\u{1B}[" + String(repeating: "1;", count: 40) + "A" + "z"
        #expect(decode(garbage).last == .character("z"))
        #expect(!decode(garbage).contains(.character("1")))
    }
}

@Suite struct KeyDecoderPasteTests {
    private let start = "\u{1B}[200~", end = "\u{1B}[201~"

    @Test func pasteIsOneKeyWithNormalisedLineEnds() {
        let keys = decode(start + "line one\r\nline two\rthree\nfour" + end)
        #expect(keys == [.paste("line one\nline two\nthree\nfour")])
    }

    @Test func pasteKeepsUnicodeAndCJK() {
        #expect(decode(start + "héllo 登入 ログイン 😀" + end) == [.paste("héllo 登入 ログイン 😀")])
    }

    @Test func pasteContainingEscapeLookingTextIsNotDecoded() {
        let text = "a\u{1B}[Ab ESC [201~ \u{1B}[20\u{1B}x\t\u{03}"
        #expect(decode(start + text + end) == [.paste(text)])
    }

    @Test func aPasteWhoseEndNeverComesEndsWhenStalledAndKeysWorkAgain() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for scalar in (start + "typed\u{3}").unicodeScalars { keys += decoder.feed(.scalar(scalar.value)) }
        #expect(keys.isEmpty)
        #expect(decoder.endStalledPaste() == [.paste("typed\u{3}")])
        #expect(!decoder.isInPaste)
        #expect(decoder.feed(.scalar(0x71)) == [.character("q")])
        #expect(decoder.endStalledPaste().isEmpty)
    }

    @Test func pasteSurvivesFlushAndSplitEndMarker() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for scalar in (start + "https://x.test/?oob=1").unicodeScalars { keys += decoder.feed(.scalar(scalar.value)) }
        keys += decoder.flush()
        #expect(keys.isEmpty)
        #expect(decoder.isInPaste)
        for scalar in "&z\u{1B}[201".unicodeScalars { keys += decoder.feed(.scalar(scalar.value)) }
        #expect(keys.isEmpty)
        keys += decoder.feed(.scalar(0x7E))
        #expect(keys == [.paste("https://x.test/?oob=1&z")])
        #expect(!decoder.isInPaste)
    }

    @Test func keysAroundPasteAreNormalKeys() {
        #expect(decode("a" + start + "b" + end + "\u{1B}[A") == [.character("a"), .paste("b"), .up])
    }

    @Test func emptyPaste() {
        #expect(decode(start + end) == [.paste("")])
    }

    @Test func keyCodesInsidePasteAreDroppedExceptResize() {
        var decoder = KeyDecoder()
        var keys = start.unicodeScalars.flatMap { decoder.feed(.scalar($0.value)) }
        keys += decoder.feed(.scalar(0x78))
        keys += decoder.feed(.keyCode(259))
        keys += decoder.feed(.keyCode(410))
        keys += end.unicodeScalars.flatMap { decoder.feed(.scalar($0.value)) }
        #expect(keys == [.resize, .paste("x")])
    }

    @Test func endMarkerOutsidePasteIsDropped() {
        #expect(decode(end + "q") == [.character("q")])
    }
}

@Suite struct KeyDecoderKeyCodeTests {
    /// Values of the `KEY_*` constants in ncurses 6's `curses.h`.
    @Test(arguments: [
        (Int32(0o403), Key.up), (0o402, .down), (0o404, .left), (0o405, .right), (0o406, .home), (0o550, .end),
        (0o523, .pageUp), (0o522, .pageDown), (0o512, .delete), (0o407, .backspace), (0o527, .enter),
        (0o541, .backTab), (0o632, .resize), (0o411, .function(1)), (0o414, .function(4)), (0o424, .function(12)),
        (Int32(0o410 + 63), .function(63)),
    ])
    func keyCode(_ code: Int32, _ expected: Key) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.keyCode(code)) == [expected])
    }

    @Test(arguments: [Int32(0o410), Int32(0o410 + 64), 0o631, 0o777, -1])
    func unknownKeyCodesAreDropped(_ code: Int32) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.keyCode(code)) == [])
    }

    @Test func keyCodeAfterLoneEscapeIsAltKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.scalar(27)) == [])
        #expect(decoder.feed(.keyCode(0o403)) == [.escape, .up])
    }

    @Test func keyCodeAbortsIncompleteSequence() {
        var decoder = KeyDecoder()
        _ = decoder.feed(.scalar(27))
        _ = decoder.feed(.scalar(0x5B))
        #expect(decoder.feed(.keyCode(0o402)) == [.down])
        #expect(decoder.flush() == [])
    }
}
