/// Directional isolates (LRI, RLI, FSI … PDI) kept whole across wrapped lines.
enum IsolatedLines {
    /// `pieces` (break opportunities in order) joined wherever a break would fall inside an address.
    static func joiningAddresses(_ pieces: [Substring]) -> [Substring] {
        var joined: [Substring] = []
        var open: [Unicode.Scalar] = []
        var startsInsideAddress = false
        for piece in pieces {
            if startsInsideAddress, let last = joined.popLast() {
                joined.append(last.base[last.startIndex..<piece.endIndex])
            } else {
                joined.append(piece)
            }
            track(piece, in: &open)
            startsInsideAddress = open.contains(AddressIsolation.opener)
        }
        return joined
    }

    /// `lines` with each isolate still open at a line's end closed there and opened again at the next line's start.
    static func balanced(_ lines: [String]) -> [String] {
        var open: [Unicode.Scalar] = []
        return lines.map { line in
            var result = String(String.UnicodeScalarView(open))
            result += line
            track(line, in: &open)
            result.unicodeScalars.append(contentsOf: Array(repeating: AddressIsolation.closer, count: open.count))
            return result
        }
    }

    /// Follows the isolates `text` opens and closes; a closer without an opener is ignored, as UAX #9 does.
    private static func track(_ text: some StringProtocol, in open: inout [Unicode.Scalar]) {
        for scalar in text.unicodeScalars where AddressIsolation.isIsolateControl(scalar) {
            if scalar == AddressIsolation.closer {
                _ = open.popLast()
            } else {
                open.append(scalar)
            }
        }
    }
}
