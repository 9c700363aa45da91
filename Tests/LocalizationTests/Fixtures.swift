import Foundation

/// Paths of the files under `Tests/LocalizationTests/Fixtures`, found from this source file's location.
enum Fixtures {
    /// The fixtures folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The path of `name` inside the fixtures folder.
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
