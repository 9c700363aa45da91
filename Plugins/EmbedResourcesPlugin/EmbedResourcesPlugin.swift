import Foundation
import PackagePlugin

/// Generates `EmbeddedResources.swift` from the top-level `Localizable/` and `themes/` folders,
/// so the binary carries its strings and themes wherever it is copied.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let files = ["Localizable", "themes"].flatMap { folder in
            regularFiles(under: root.appending(path: folder))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let relative = files.map { String($0.path.dropFirst(root.path.count)).trimmingCharacters(in: ["/"]) }
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) string and theme files",
                executable: try context.tool(named: "EmbedResources").url,
                arguments: [output.path, root.path] + relative,
                inputFiles: files,
                outputFiles: [output])
        ]
    }

    private func regularFiles(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }
}
