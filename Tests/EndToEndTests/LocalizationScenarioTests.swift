import Foundation
import Testing
import TestSupport

/// The interface in another language, and a FirebaseUI app's own string overrides, in a real terminal.
@Suite(.serialized) struct LocalizationScenarioTests {
    private let scenario = SignInScenarioTests()

    @Test func traditionalChineseFromTheFlagAndFromLANG() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flagged = try scenario.startApp(in: directory, extraArguments: "--lang zh-Hant")
        let screen = try flagged.waitFor("電子郵件")
        #expect(!screen.contains("Sign in with Firebase"))
        try flagged.type("日本語")
        try flagged.waitFor("[日本語")
        try flagged.press("C-c")
        try flagged.waitFor("EXIT=1")

        let environment = try TmuxSession(command: "LANG=zh_TW.UTF-8 \(productBinary("fauth-tui")) --store :memory:",
                                          environment: ["LANG": "C.UTF-8"])
        try environment.waitFor(" Tab ")
        try environment.waitFor("電子郵件")
    }

    @Test func aFirebaseUIOverrideFileRetitlesThePicker() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appendingPathComponent("Custom.lproj")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let overrides = directory.appendingPathComponent("Localizable.strings")
        try Data(#""Sign in with Firebase" = "Welcome back!";"#.utf8).write(to: overrides)
        let app = try scenario.startApp(in: directory, extraArguments: "--strings \(overrides.path)")
        let screen = try app.waitFor("Welcome back!")
        #expect(!screen.contains("Sign in with Firebase"))
        #expect(screen.contains("Trouble signing in?"), "keys the file lacks keep the built-in text")
    }
}
