import Foundation
import FauthTUI
import Testing
@testable import FauthCLI

/// Issue 13 item 28: the address remembered for an email link belongs to one store or endpoint.
@Suite struct AppStorageScopeTests {
    private func backend(store: String? = nil, emulator: String? = nil, folder: String) throws -> Backend {
        var options = LaunchOptions()
        options.storePath = store
        options.emulator = emulator
        return try Backend.open(options: options, environment: ["XDG_STATE_HOME": folder, "HOME": folder],
                                recentLoginMaxAge: nil)
    }

    @Test func anAddressRememberedForOneStoreIsNotOfferedInAnother() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-scope-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try backend(store: folder + "/first.sqlite", folder: folder)
        first.storage.set("ann@example.com", forKey: AppStorageKey.emailLink)

        #expect(try backend(store: folder + "/first.sqlite", folder: folder).storage
            .string(forKey: AppStorageKey.emailLink) == "ann@example.com", "the same store remembers it")
        #expect(try backend(store: folder + "/second.sqlite", folder: folder).storage
            .string(forKey: AppStorageKey.emailLink) == nil)
        #expect(try backend(emulator: "127.0.0.1:9099", folder: folder).storage
            .string(forKey: AppStorageKey.emailLink) == nil)
        #expect(try backend(emulator: "127.0.0.1:9199", folder: folder).storage
            .string(forKey: AppStorageKey.emailLink) == nil)
    }
}
