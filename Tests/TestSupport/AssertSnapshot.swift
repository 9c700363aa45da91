import Foundation
import Testing
import TerminalUI

/// Compares a buffer with the golden file `Snapshots/<name>.txt` beside the calling test file: its text, then
/// its style layer (each cell's role, the cursor; see `StyleLayer`).
///
/// A missing golden, or `RECORD_SNAPSHOTS=1` in the environment, writes the file and records a failing
/// issue so that a person reviews it and re-runs. A mismatch records an issue with a line diff.
public func assertSnapshot(
    _ buffer: Buffer, named name: String, file: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = (buffer.textLines() + [StyleLayer.separator] + StyleLayer.lines(of: buffer)).joined(separator: "\n") + "\n"
    assertSnapshot(text: actual, named: name, file: file, sourceLocation: sourceLocation)
}

/// Compares text (a plain-mode transcript, say) with the golden file `Snapshots/<name>.txt` beside the calling
/// test file, recording it as `assertSnapshot(_:named:)` does.
public func assertSnapshot(
    text actual: String, named name: String, file: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = URL(fileURLWithPath: file).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let data = FileManager.default.contents(atPath: url.path) else {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded snapshot \(url.path); review and re-run", sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    let expected = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    guard expected != actual else { return }
    Issue.record(
        "snapshot \(name) differs (- expected, + actual):\n\(lineDiff(expected: expected, actual: actual))",
        sourceLocation: sourceLocation)
}

/// The lines that differ, each as a numbered "-" expected / "+" actual pair, wrapped in | to show edges.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var report: [String] = []
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? String(old[index]) : nil
        let after = index < new.count ? String(new[index]) : nil
        guard before != after else { continue }
        let number = String(index + 1)
        report.append("\(number): - " + (before.map { "|\($0)|" } ?? "(no line)"))
        report.append(String(repeating: " ", count: number.count) + ": + " + (after.map { "|\($0)|" } ?? "(no line)"))
    }
    return report.joined(separator: "\n")
}
