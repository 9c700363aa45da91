import Foundation
import StringsFormat

// Usage: EmbedResources OUTPUT ROOT RELATIVE_PATH...
// Writes a Swift file that returns each file's bytes as a string literal: the bytes sit in the binary as they
// are, so nothing is decoded at start and only the files a run asks for are touched. (A byte-array literal
// makes the type checker crawl; a string literal compiles instantly.) The files must be UTF-8 text. A string
// table comes with its index (`StringsIndex.layout`, numbers in one array of the binary's data), so a start reads
// no table through; a table that does not parse stops the build.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: EmbedResources OUTPUT ROOT [PATH...]\n".utf8))
    exit(2)
}

/// `text` as the body of a Swift string literal whose value is exactly `text`.
func literal(_ text: String) -> String {
    var body = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": body += "\\\\"
        case "\"": body += "\\\""
        case "\n": body += "\\n"
        case "\r": body += "\\r"
        case "\t": body += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
            body += "\\u{\(String(scalar.value, radix: 16))}"
        default: body.unicodeScalars.append(scalar)
        }
    }
    return body
}

let root = URL(fileURLWithPath: arguments[2])

/// The embedded files of one kind, by the name they are looked up with (`en`, `default`), sorted by name.
func files(prefix: String, suffix: String) -> [(name: String, path: String)] {
    arguments.dropFirst(3).filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
        .map { (String($0.dropFirst(prefix.count).dropLast(suffix.count)), $0) }
        .sorted { $0.name < $1.name }
}

/// The text of the file at `path` (relative to the root); the build stops when it is not UTF-8.
func text(of path: String) throws -> String {
    let data = try Data(contentsOf: root.appending(path: path))
    guard let text = String(data: data, encoding: .utf8) else { fail("\(path) is not UTF-8 text") }
    return text
}

/// Reports `message` and stops the build.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EmbedResources: \(message)\n".utf8))
    exit(1)
}

/// A function that switches on `parameter` and returns each case's value, or nil. Names are short enough to be
/// compared without reading memory (small strings), so a lookup reads only the text it returns.
func lookup(_ documentation: String, _ signature: String, _ parameter: String,
            cases: [(name: String, value: String)]) -> String {
    var body = """
            /// \(documentation)
            public static func \(signature) {
                switch \(parameter) {

        """
    for (name, value) in cases { body += "            case \"\(literal(name))\": return \(value)\n" }
    return body + """
                default: return nil
                }
            }

        """
}

/// A file's text as a string literal followed by one NUL. The NUL before the literal's own terminator keeps it out
/// of the linker's merged pool of C strings (`.rodata.str*`), where the start-up's short literals would be spread
/// across all the embedded text.
func embedded(_ text: String) -> String { "\"\(literal(text))\\u{0}\"" }

/// The theme lookup.
func themeLookup(_ files: [(name: String, path: String)]) throws -> String {
    lookup("The contents of the theme `name` followed by one NUL, or nil when there is none.",
           "theme(_ name: String) -> StaticString?", "name",
           cases: try files.map { ($0.name, embedded(try text(of: $0.path))) })
}

/// The string table lookup, each table with its index: a slice of one array of every table's index (one array,
/// so the loader relocates one object header at start, not one per table).
func tableLookup(_ files: [(name: String, path: String)]) throws -> String {
    var indexes: [UInt32] = []
    var cases: [(name: String, value: String)] = []
    for file in files {
        let text = try text(of: file.path)
        let index: StringsIndex
        do {
            index = try StringsIndex(utf8: Array(text.utf8), path: file.path)
        } catch {
            fail("\(error)")
        }
        let range = indexes.count..<(indexes.count + index.layout.count)
        indexes += index.layout
        cases.append((file.name, "(\(embedded(text)), indexes[\(range.lowerBound)..<\(range.upperBound)])"))
    }
    return lookup("The contents of the string table for `language` followed by one NUL, with its index "
                  + "(`StringsIndex.layout`), or nil when there is none.",
                  "stringsFile(_ language: String) -> (text: StaticString, index: ArraySlice<UInt32>)?", "language",
                  cases: cases)
        + "    private static let indexes: [UInt32] = [\(indexes.map(String.init).joined(separator: ","))]\n"
}

/// The lookup of the plural forms (`.stringsdict`) of the languages that have them.
func pluralsLookup(_ files: [(name: String, path: String)]) throws -> String {
    lookup("The contents of the plural forms (`.stringsdict`) for `language` followed by one NUL, or nil.",
           "pluralsFile(_ language: String) -> StaticString?", "language",
           cases: try files.map { ($0.name, embedded(try text(of: $0.path))) })
}

let tables = files(prefix: "Localizable/", suffix: ".lproj/Localizable.strings")
let pluralTables = files(prefix: "Localizable/", suffix: ".lproj/Localizable.stringsdict")
let themes = files(prefix: "themes/", suffix: ".theme")
func list(_ names: [String]) -> String { names.map { "\"\(literal($0))\"" }.joined(separator: ", ") }
let source = """
    // Generated by the EmbedResources plugin from Localizable/ and themes/. Do not edit.

    /// The built-in string tables (by language) and themes (by name).
    public enum EmbeddedResources {
        /// Languages with a `Localizable/<language>.lproj/Localizable.strings`, sorted.
        public static let languages: [String] = [\(list(tables.map(\.name)))]

        /// Names of the `themes/<name>.theme` files, sorted.
        public static let themeNames: [String] = [\(list(themes.map(\.name)))]

    \(try tableLookup(tables))
    \(try pluralsLookup(pluralTables))
    \(try themeLookup(themes))
    }

    """
try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
