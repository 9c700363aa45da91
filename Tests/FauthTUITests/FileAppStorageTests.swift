import Foundation
import Testing
@testable import FauthTUI

/// The app's remembered values survive in an owner-only JSON file that earlier versions wrote too.
@Suite struct FileAppStorageTests {
    private func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-storage-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func aValueSetIsReadBackAndRemovedWithNil() throws {
        try withFolder { folder in
            let storage = FileAppStorage(path: folder + "/state/app-storage.json")
            storage.set("ann@example.com", forKey: "email-link")
            storage.set("u1", forKey: "provisioned-user")
            #expect(FileAppStorage(path: folder + "/state/app-storage.json").string(forKey: "email-link")
                == "ann@example.com")
            storage.set(nil, forKey: "email-link")
            #expect(storage.string(forKey: "email-link") == nil)
            #expect(storage.string(forKey: "provisioned-user") == "u1")
            let mode = try FileManager.default.attributesOfItem(atPath: folder + "/state/app-storage.json")[
                .posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    @Test func escapedTextAndOtherMembersAsEarlierVersionsWroteThem() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/app-storage.json"
            let text = #"{"email-link local|\/tmp\/a.sqlite":"b\u00e4r\"@example.com","count":3,"flag":null}"#
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let storage = FileAppStorage(path: path)
            #expect(storage.string(forKey: "email-link local|/tmp/a.sqlite") == "bär\"@example.com")
            #expect(storage.string(forKey: "count") == nil, "only strings are values")
        }
    }

    @Test func aDamagedFileReadsAsEmptyAndIsReplacedByTheNextValue() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/app-storage.json"
            for text in [#"{"email-link": "ann@"#, "[\"email-link\"]", "", "\u{FF}\u{FE}"] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                #expect(FileAppStorage(path: path).string(forKey: "email-link") == nil, "\(text)")
            }
            FileAppStorage(path: path).set("ann@example.com", forKey: "email-link")
            #expect(FileAppStorage(path: path).string(forKey: "email-link") == "ann@example.com")
        }
    }
}
