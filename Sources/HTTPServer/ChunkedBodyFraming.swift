/// Reads a chunked request body as it arrives, checks its framing, and writes it again as plain chunks of its data
/// alone (no extensions, no trailers), so that libmicrohttpd, which answers a framing fault with an HTML page of
/// its own, only ever reads well-formed chunks.
struct ChunkedBodyFraming {
    /// Why a body cannot be read.
    enum Fault: Error, Equatable {
        /// A size line, a chunk's end or a trailer is not as RFC 9112 §7.1 writes them: 400.
        case malformed
        /// A chunk size of more than 16 hex digits, past any body: 413.
        case sizeTooLarge
    }

    private enum Position: Equatable {
        /// In a size line: its hex digits so far, and whether an extension or blanks began after them.
        case size(digits: Int, value: Int, extended: Bool)
        /// After the carriage return ending a line (size line, chunk data, trailer line).
        case lineFeed(then: AfterLine)
        /// Inside a chunk's data, with this many bytes to come.
        case data(remaining: Int)
        /// Right after a chunk's data, where its line end must be.
        case dataEnd
        /// In the trailer section: bytes of the current line so far.
        case trailer(lineBytes: Int)
        /// After the last chunk and its trailers.
        case done
    }

    /// Where a line that has ended leads.
    private enum AfterLine: Equatable {
        case sizeLine(value: Int)
        case dataEnd
        case trailer(lineBytes: Int)
    }

    private var position = Position.size(digits: 0, value: 0, extended: false)

    /// Whether the last chunk and its trailers have been read.
    var isDone: Bool { position == .done }

    /// Reads `bytes`; returns the well-formed chunks they make (the last chunk too, once it has been read).
    mutating func read(_ bytes: ArraySlice<UInt8>) -> Result<[UInt8], Fault> {
        var output: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch position {
            case .data(let remaining):
                let piece = bytes[index..<min(bytes.endIndex, index + remaining)]
                output += Array(String(piece.count, radix: 16).utf8) + [0x0D, 0x0A] + piece + [0x0D, 0x0A]
                position = piece.count == remaining ? .dataEnd : .data(remaining: remaining - piece.count)
                index = piece.endIndex
                continue
            case .size(let digits, let value, let extended):
                if byte == 0x0D || byte == 0x0A {
                    guard digits > 0 else { return .failure(.malformed) }
                    position = byte == 0x0D ? .lineFeed(then: .sizeLine(value: value)) : endOfSizeLine(value)
                } else if extended || byte == 0x3B || byte == 0x20 || byte == 0x09 {
                    guard digits > 0 else { return .failure(.malformed) }
                    position = .size(digits: digits, value: value, extended: true)
                } else if let digit = Self.hexValue(byte) {
                    guard digits < 16 else { return .failure(.sizeTooLarge) }
                    // 16 hex digits can pass Int.max: such a size is past any body too.
                    let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
                    let (sum, carry) = shifted.addingReportingOverflow(digit)
                    guard !overflow && !carry else { return .failure(.sizeTooLarge) }
                    position = .size(digits: digits + 1, value: sum, extended: false)
                } else {
                    return .failure(.malformed)
                }
            case .lineFeed(let then):
                guard byte == 0x0A else { return .failure(.malformed) }
                position = switch then {
                case .sizeLine(let value): endOfSizeLine(value)
                case .dataEnd: .size(digits: 0, value: 0, extended: false)
                case .trailer(let lineBytes): lineBytes == 0 ? .done : .trailer(lineBytes: 0)
                }
            case .dataEnd:
                guard byte == 0x0D || byte == 0x0A else { return .failure(.malformed) }
                position = byte == 0x0D ? .lineFeed(then: .dataEnd) : .size(digits: 0, value: 0, extended: false)
            case .trailer(let lineBytes):
                if byte == 0x0D {
                    position = .lineFeed(then: .trailer(lineBytes: lineBytes))
                } else if byte == 0x0A {
                    position = lineBytes == 0 ? .done : .trailer(lineBytes: 0)
                } else {
                    position = .trailer(lineBytes: lineBytes + 1)
                }
            case .done:
                return .success(output)
            }
            if position == .done { output += Array("0\r\n\r\n".utf8) }
            index += 1
        }
        return .success(output)
    }

    /// Where a size line of `value` leads: its data, or the trailers after the last chunk.
    private func endOfSizeLine(_ value: Int) -> Position {
        value == 0 ? .trailer(lineBytes: 0) : .data(remaining: value)
    }

    /// The value of a hex digit, or nil.
    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
