@preconcurrency import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// The attribute bytes ncurses' `vid_puts` hands out one at a time, gathered on the main actor to be written with a
/// link's.
@MainActor private var writtenAttributes: [UInt8] = []

extension NcursesTerminal {
    /// Rewrites the frame's links that ncurses just drew, or that are new, as OSC 8 hyperlinks: the same characters
    /// in the same look, so ncurses' idea of the screen stays true. The cursor and the attributes are saved and put
    /// back (DECSC/DECRC), with ncurses' current attributes set to normal on both sides. Links unchanged since
    /// `previous` are left alone: the terminal keeps them until their cells are written again.
    func writeHyperlinks(of buffer: Buffer, since previous: Buffer?) {
        let links = buffer.hyperlinks.filter { link in
            buffer.shows(link) && (previous.map { !$0.hyperlinks.contains(link) || !$0.shows(link) } ?? true)
        }
        guard !links.isEmpty else { return }
        var bytes = normalAttributes() + Array("\u{1B}7".utf8)
        for link in links {
            bytes += Array("\u{1B}[\(link.origin.y + 1);\(link.origin.x + 1)H".utf8)
            bytes += attributes(of: buffer[link.origin.x, link.origin.y])
            bytes += Array("\u{1B}]8;;\(link.target)\u{1B}\\\(link.text)\u{1B}]8;;\u{1B}\\".utf8)
        }
        bytes += normalAttributes() + Array("\u{1B}8".utf8)
        fflush(device.output)
        _ = bytes.withUnsafeBytes { write(fileno(device.output), $0.baseAddress, $0.count) }
    }

    /// The bytes that give the terminal `cell`'s look, as ncurses writes them.
    private func attributes(of cell: Cell) -> [UInt8] {
        var look = looks[cell.role] ?? Self.plainLook
        if let colors = cell.colors, let pair = palette?.pair(for: colors) { look.pair = pair }
        return Self.attributeBytes(look.attributes, look.pair)
    }

    /// The bytes that set normal attributes, which ncurses then takes to be current.
    private func normalAttributes() -> [UInt8] {
        Self.attributeBytes(shim_A_NORMAL(), 0)
    }

    private static func attributeBytes(_ attributes: attr_t, _ pair: Int16) -> [UInt8] {
        writtenAttributes.removeAll()
        vid_puts(attributes, pair, nil) { byte in
            MainActor.assumeIsolated { writtenAttributes.append(UInt8(truncatingIfNeeded: byte)) }
            return byte
        }
        return writtenAttributes
    }
}
