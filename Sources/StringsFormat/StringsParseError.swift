/// A problem in a `.strings` file, located by 1-based line and column (columns count Unicode scalars).
public struct StringsParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file name or path given to the parser.
    public let path: String
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column of the problem, in Unicode scalars.
    public let column: Int
    /// What is wrong, in a few words.
    public let message: String

    /// Creates an error at an explicit location.
    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// Creates an error at `offset` in `scalars`, working out its line and column.
    /// A line ends at LF, at CR LF (one break) or at a lone CR.
    package init(path: String, scalars: [Unicode.Scalar], offset: Int, message: String) {
        var line = 1
        var column = 1
        for index in 0..<min(offset, scalars.count) {
            let scalar = scalars[index]
            let isCRBeforeLF = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
            if scalar == "\n" || (scalar == "\r" && !isCRBeforeLF) {
                line += 1
                column = 1
            } else if !isCRBeforeLF {
                column += 1
            }
        }
        self.init(path: path, line: line, column: column, message: message)
    }

    /// Creates an error at byte `offset` of the UTF-8 text `utf8`; columns still count scalars.
    package init(path: String, utf8: [UInt8], offset: Int, message: String) {
        let scalars = String(decoding: utf8.prefix(offset), as: UTF8.self).unicodeScalars
        self.init(path: path, scalars: Array(scalars), offset: scalars.count, message: message)
    }

    /// `<path>:<line>:<column>: <message>`, the shape compilers and editors understand.
    public var description: String { "\(path):\(line):\(column): \(message)" }
}
