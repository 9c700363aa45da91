import CFriBidi

/// Where a line too long for its room is cut before its "…" (issue 32 item 8).
enum Truncation {
    /// The start of `text` that fits in `room` columns: up to the end of its last whole word when that keeps at
    /// least half the room, else up to a grapheme boundary. An Arabic letter cut off from the rest of its word is
    /// followed by a tatweel, so it keeps the joined form it has inside the word instead of turning final.
    static func cut(_ text: String, room: Int) -> String {
        let kept = TextWidth.prefix(text, width: room)
        let rest = text.dropFirst(kept.count)
        guard let last = kept.last, let next = rest.first, !last.isWhitespace, !next.isWhitespace else {
            return String(kept.reversed().drop(while: \.isWhitespace).reversed())
        }
        if let space = kept.lastIndex(where: \.isWhitespace) {
            let words = kept[..<space].reversed().drop(while: \.isWhitespace).reversed()
            if TextWidth.of(String(words)) * 2 >= room { return String(words) }
        }
        guard joinsFollowing(last), next.unicodeScalars.first.map(joinsPreceding) == true else { return kept }
        let shorter = TextWidth.prefix(text, width: room - 1)
        guard let end = shorter.last, joinsFollowing(end) else { return shorter }
        return shorter + "\u{0640}"
    }

    /// Whether `character`'s letter joins the one after it (Arabic joining types D and C).
    private static func joinsFollowing(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { shim_fribidi_joins_following(FriBidiChar($0.value)) != 0 } ?? false
    }

    /// Whether `scalar` is an Arabic letter, which joins the letter before it when that one joins forward.
    private static func joinsPreceding(_ scalar: Unicode.Scalar) -> Bool {
        shim_fribidi_is_arabic(fribidi_get_bidi_type(scalar.value)) != 0 && scalar.properties.isAlphabetic
    }
}
