/// Which way a layout runs: where lines start, where labels align and on which side focus markers sit.
public enum LayoutDirection: Sendable, Hashable {
    case leftToRight
    case rightToLeft
}

/// Who puts right-to-left text into display order: fauth-tui, or a terminal that reorders by itself.
///
/// Most terminals (xterm, tmux, the Linux console, GNOME Terminal in its default setup) draw characters in the
/// order they receive them, so fauth-tui reorders and shapes every line itself (`application`). A terminal that
/// applies the bidirectional algorithm on its own (mlterm, Konsole with bidi on) would reorder that output a
/// second time; there fauth-tui writes plain logical order and a left-to-right layout (`terminal`).
public enum BidiMode: String, Sendable, Hashable, CaseIterable {
    /// fauth-tui reorders and shapes each line; the layout mirrors for right-to-left languages.
    case application = "app"
    /// The terminal reorders and shapes; fauth-tui writes logical order and never mirrors.
    case terminal
}
