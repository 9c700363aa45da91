import AuthCore
import FoundationEssentials
import LocalAuth

/// An emulator's data on disk (`--export-on-exit DIR`, `--import DIR`): one store file per project and tenant
/// (`<project>.sqlite`, `<project>.<tenant>.sqlite`, copies of the engines' stores, hashes and pending codes
/// included) and `config.json` with tenants and provider configurations. Files are owner-only.
public enum EmulatorExport {
    /// The file holding the configuration resources.
    static let configFile = "config.json"
    static let storeExtension = ".sqlite"

    /// Writes every scope the emulator served, and its configuration, into `directory` (created 0700).
    public static func write(_ projects: EmulatorProjects, to directory: String) throws(AuthError) {
        try makeDirectory(directory)
        for (scope, engine) in projects.openScopes {
            try engine.export(to: path(directory, fileName(scope)))
        }
        try writeConfiguration(projects, to: path(directory, configFile))
    }

    /// Writes the configuration resources (tenants, provider configurations) to the owner-only file at `file`.
    public static func writeConfiguration(_ projects: EmulatorProjects, to file: String) throws(AuthError) {
        try? FileManager.default.removeItem(atPath: file)
        guard FileManager.default.createFile(atPath: file, contents: projects.resources.snapshot,
                                             attributes: [.posixPermissions: 0o600]) else {
            throw AuthError(.storageFailure, detail: "cannot write \(file)")
        }
    }

    /// Restores the configuration resources written by `writeConfiguration`; nothing when `file` is missing.
    public static func loadConfiguration(_ file: String, into projects: EmulatorProjects) throws(AuthError) {
        guard let data = FileManager.default.contents(atPath: file) else { return }
        guard projects.resources.restore(data) else {
            throw AuthError(.storageFailure, detail: "\(file) is not an emulator configuration")
        }
    }

    /// Registers the scopes of an export in `projects`, each an in-memory copy made by `makeEngine` from its
    /// store file, and restores the configuration.
    public static func load(_ directory: String, into projects: EmulatorProjects,
                            makeEngine: (_ snapshot: String) throws(AuthError) -> LocalAuthEngine) throws(AuthError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw AuthError(.storageFailure, detail: "cannot read \(directory): \(FilePaths.reason(error))")
        }
        try loadConfiguration(path(directory, configFile), into: projects)
        for name in names where name.hasSuffix(storeExtension) {
            guard let scope = scope(fileName: name) else {
                throw AuthError(.storageFailure, detail: "\(name) does not name a project or tenant")
            }
            projects.register(try makeEngine(path(directory, name)), for: scope)
        }
    }

    /// `<project>.sqlite` or `<project>.<tenant>.sqlite` (ids contain no dots).
    static func fileName(_ scope: EmulatorScope) -> String {
        scope.project + (scope.tenant.map { ".\($0)" } ?? "") + storeExtension
    }

    /// The scope a store file of an export belongs to.
    static func scope(fileName: String) -> EmulatorScope? {
        let parts = fileName.dropLast(storeExtension.count).split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        guard (1...2).contains(parts.count), parts.allSatisfy(EmulatorScope.isValidID) else { return nil }
        return EmulatorScope(project: parts[0], tenant: parts.count == 2 ? parts[1] : nil)
    }

    private static func makeDirectory(_ directory: String) throws(AuthError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw AuthError(.storageFailure, detail: "cannot create \(directory): \(FilePaths.reason(error))")
        }
    }

    private static func path(_ directory: String, _ name: String) -> String {
        FilePaths.joining(directory, name)
    }
}
