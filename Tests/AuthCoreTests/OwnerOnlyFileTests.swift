import AuthCore
import Foundation
import Testing

/// Sessions and remembered values are written whole, owner-only, by one function.
@Suite struct OwnerOnlyFileTests {
    private func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-owner-only-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    private func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func aFileIsWrittenOwnerOnlyInAnOwnerOnlyFolderWithNothingLeftBeside() throws {
        try withFolder { folder in
            let path = folder + "/fauth-tui/session.json"
            try OwnerOnlyFile.write(Data("one".utf8), to: path)
            #expect(FileManager.default.contents(atPath: path) == Data("one".utf8))
            #expect(try mode(path) == 0o600)
            #expect(try mode(folder + "/fauth-tui") == 0o700)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/fauth-tui") == ["session.json"])
        }
    }

    @Test func aLooserFileIsReplacedWholeByAnOwnerOnlyOne() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/app-storage.json"
            #expect(FileManager.default.createFile(atPath: path, contents: Data("old, longer".utf8),
                                                   attributes: [.posixPermissions: 0o644]))
            // A file at the name the old writer reused is neither followed nor in the way.
            try FileManager.default.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: folder + "/elsewhere")
            try OwnerOnlyFile.write(Data("new".utf8), to: path)
            #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
            #expect(try mode(path) == 0o600)
            #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere"))
        }
    }

    @Test func aFolderThatCannotBeWrittenIsAStorageFailure() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o500])
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder) }
            guard geteuid() != 0 else { return }
            let error = #expect(throws: AuthError.self) { try OwnerOnlyFile.write(Data("x".utf8), to: folder + "/f") }
            #expect(error?.code == .storageFailure)
        }
    }

    @Test func theXDGFoldersAreReadOnceTheSameWay() {
        let home = ["HOME": "/home/ann"]
        #expect(XDGDirectory.data.path(of: "local.sqlite", environment: home)
            == "/home/ann/.local/share/fauth-tui/local.sqlite")
        #expect(XDGDirectory.config.path(of: "s.json", environment: home) == "/home/ann/.config/fauth-tui/s.json")
        #expect(XDGDirectory.state.path(of: "a.json", environment: home.merging(["XDG_STATE_HOME": "/st"]) { $1 })
            == "/st/fauth-tui/a.json")
        // A relative value is ignored, as the specification asks.
        #expect(XDGDirectory.state.path(of: "a.json", environment: home.merging(["XDG_STATE_HOME": "st"]) { $1 })
            == "/home/ann/.local/state/fauth-tui/a.json")
    }
}
