/// A localized format string split into literal text and argument slots.
///
/// Understands `%@`, `%d`, `%i`, `%ld`, `%lld`, their positional forms (`%2$@`) and `%%`. Any other `%`
/// sequence stays literal text. Unnumbered slots take arguments 1, 2, 3… in order.
struct FormatTemplate {
    /// What an argument slot expects.
    enum Kind: Hashable, Sendable {
        case object
        case integer

        var specifier: String {
            switch self {
            case .object: "@"
            case .integer: "d"
            }
        }
    }

    enum Segment: Equatable {
        case text(String)
        /// A slot for the 1-based argument `index`.
        case argument(index: Int, kind: Kind)
    }

    let segments: [Segment]

    init(_ format: String) {
        let bytes = Array(format.utf8)
        var segments: [Segment] = []
        var literal: [UInt8] = []
        var nextIndex = 1
        var cursor = 0
        func flushLiteral() {
            if !literal.isEmpty { segments.append(.text(String(decoding: literal, as: UTF8.self))) }
            literal.removeAll()
        }
        while cursor < bytes.count {
            guard bytes[cursor] == UInt8(ascii: "%") else {
                literal.append(bytes[cursor])
                cursor += 1
                continue
            }
            if cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "%") {
                literal.append(UInt8(ascii: "%"))
                cursor += 2
            } else if let spec = Self.specifier(in: bytes, at: cursor) {
                flushLiteral()
                let index = spec.position ?? nextIndex
                if spec.position == nil { nextIndex += 1 }
                segments.append(.argument(index: index, kind: spec.kind))
                cursor = spec.end
            } else {
                literal.append(bytes[cursor])
                cursor += 1
            }
        }
        flushLiteral()
        self.segments = segments
    }

    /// The specifier starting at the `%` at `start`, if it is one we support.
    private static func specifier(in bytes: [UInt8], at start: Int) -> (position: Int?, kind: Kind, end: Int)? {
        var cursor = start + 1
        var position: Int?
        let digits = bytes[cursor...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        if !digits.isEmpty {
            let dollar = cursor + digits.count
            guard digits.count <= 3, dollar < bytes.count, bytes[dollar] == UInt8(ascii: "$"),
                  let number = Int(String(decoding: digits, as: UTF8.self)), number > 0 else {
                return nil
            }
            position = number
            cursor = dollar + 1
        }
        for (pattern, kind) in patterns where bytes[cursor...].starts(with: pattern) {
            return (position, kind, cursor + pattern.count)
        }
        return nil
    }

    private static let patterns: [([UInt8], Kind)] = [
        (Array("@".utf8), .object), (Array("d".utf8), .integer), (Array("i".utf8), .integer),
        (Array("ld".utf8), .integer), (Array("li".utf8), .integer),
        (Array("lld".utf8), .integer), (Array("lli".utf8), .integer),
    ]

    /// The kind each argument index expects, or nil when one index is used as two different kinds.
    var signature: FormatSignature? {
        var kinds: [Int: Kind] = [:]
        for case .argument(let index, let kind) in segments {
            if let known = kinds[index], known != kind { return nil }
            kinds[index] = kind
        }
        return FormatSignature(kinds: kinds)
    }

    /// The text with each slot filled; a slot without an argument renders as nothing.
    func render(_ arguments: [FormatArgument]) -> String {
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text):
                result += text
            case .argument(let index, _):
                if index <= arguments.count { result += arguments[index - 1].text }
            }
        }
        return result
    }
}

/// The arguments a format string consumes: which 1-based indexes, and of which kind.
struct FormatSignature: Hashable, CustomStringConvertible {
    let kinds: [Int: FormatTemplate.Kind]

    /// `%1$@ %2$d`, or `no arguments`.
    var description: String {
        guard !kinds.isEmpty else { return "no arguments" }
        return kinds.sorted { $0.key < $1.key }.map { "%\($0.key)$\($0.value.specifier)" }.joined(separator: " ")
    }
}
