import Foundation
import PackagePlugin

/// Generates `BuildCommit.swift`, which names the commit the binary is built from (`--version`), from the
/// repository's `HEAD`: the files that say which commit it is are the command's inputs, so the file is written
/// again after each commit and only `BuildInfo` and what links it are rebuilt.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let gitDirectory = Self.gitDirectory(of: context.package.directoryURL)
        let inputs = ["HEAD", "packed-refs"].map { gitDirectory.appending(path: $0) } + Self.branchFile(gitDirectory)
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Naming the commit built",
                executable: try context.tool(named: "WriteBuildInfo").url,
                arguments: [output.path, gitDirectory.path],
                inputFiles: inputs.filter { FileManager.default.fileExists(atPath: $0.path) },
                outputFiles: [output])
        ]
    }

    /// `.git`, or the folder a worktree's `.git` file points to (`gitdir: …`).
    private static func gitDirectory(of root: URL) -> URL {
        let dotGit = root.appending(path: ".git")
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else {
            return dotGit
        }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(filePath: path) : root.appending(path: path)
    }

    /// The file of the branch `HEAD` names, when it names one (`ref: refs/heads/main`).
    private static func branchFile(_ gitDirectory: URL) -> [URL] {
        guard let head = try? String(contentsOf: gitDirectory.appending(path: "HEAD"), encoding: .utf8),
              head.hasPrefix("ref: ") else { return [] }
        let reference = head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        let local = gitDirectory.appending(path: reference)
        if FileManager.default.fileExists(atPath: local.path) { return [local] }
        // A worktree's branch lives in the main repository (`commondir`).
        guard let common = try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8) else {
            return []
        }
        let commonPath = common.trimmingCharacters(in: .whitespacesAndNewlines)
        let commonDirectory = commonPath.hasPrefix("/") ? URL(filePath: commonPath)
            : gitDirectory.appending(path: commonPath)
        return [commonDirectory.appending(path: reference), commonDirectory.appending(path: "packed-refs")]
    }
}
