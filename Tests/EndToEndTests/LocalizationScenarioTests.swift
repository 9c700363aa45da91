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

    /// What GNU FriBidi's own tool shows for `text` in a right-to-left paragraph (lam-alef fillers removed).
    private func fribidi(_ text: String, in directory: URL) throws -> String {
        let input = directory.appendingPathComponent("line-\(UUID().uuidString).txt")
        try Data((text + "\n").utf8).write(to: input)
        let output = try spawnClean(["fribidi", "--nopad", "--nobreak", "--rtl", input.path]).output
        return String(String.UnicodeScalarView(output.unicodeScalars.filter { $0.value != 0xFEFF && $0 != "\n" }))
    }

    @Test(arguments: [("ar_EG.UTF-8", "تسجيل الدخول باستخدام Firebase", "مرحبا user@example.com 123"),
                      ("he_IL.UTF-8", "התחברות באמצעות Firebase", "שלום (עולם) bob@example.com")])
    func rightToLeftLanguagesFromLANGReadAsFriBidiShowsThem(locale: String, title: String, typed: String) throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try TmuxSession(command: "LANG=\(locale) \(productBinary("fauth-tui")) --store :memory:",
                                  environment: ["LANG": "C.UTF-8"])
        try app.waitFor(" Tab")
        let screen = try app.waitFor(try fribidi(title, in: directory))
        let footer = try #require(screen.split(separator: "\n").last(where: { $0.contains("Tab") }))
        #expect(footer.hasSuffix("Enter"), "the footer starts on the right: \(footer)")

        // Mixed text in the focused field: shaped and reordered like FriBidi, the focus marker on the right.
        try app.type(typed)
        try app.waitFor(try fribidi(typed, in: directory) + "] ‹")
        let field = try #require(try app.screen().split(separator: "\n").first { $0.hasSuffix("] ‹") })
        try app.press("Home")
        // At the start of the text the cursor is on its first letter, drawn rightmost.
        let deadline = Date().addingTimeInterval(10)
        var cursor = -1
        while Date() < deadline, cursor != field.count - 4 {
            cursor = Int(try app.tmux("display", "-p", "-t", "app", "#{cursor_x}")
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            usleep(20_000)
        }
        #expect(cursor == field.count - 4)
        try app.press("C-c")
        try app.waitFor("EXIT=1")
    }

    /// Regression: messages on standard error (here `status` with nobody signed in) were printed in logical
    /// order, so a terminal that draws cells as they come showed Arabic and Hebrew backwards.
    @Test(arguments: [("ar_EG.UTF-8", "لم يسجّل أحد الدخول."), ("he_IL.UTF-8", "אף אחד לא מחובר.")])
    func rightToLeftErrorsAreInDisplayOrderOnATerminal(locale: String, message: String) throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        let app = try TmuxSession(command: "LANG=\(locale) \(productBinary("fauth-tui")) status --store \(store)",
                                  environment: ["LANG": "C.UTF-8"])
        let screen = try app.waitFor("EXIT=1")
        #expect(screen.contains(try fribidi(message, in: directory)))
        #expect(!screen.contains(message))
    }

    @Test func arabicHelpIsInDisplayOrderOnATerminalAndAsWrittenInAFile() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let heading = "الاستخدام:"
        let app = try TmuxSession(command: "LANG=ar_EG.UTF-8 \(productBinary("fauth-tui")) --help",
                                  width: 120, height: 40, environment: ["LANG": "C.UTF-8"])
        let screen = try app.waitFor("EXIT=0")
        #expect(screen.contains(try fribidi(heading, in: directory)))
        #expect(!screen.contains(heading))

        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "ar_EG.UTF-8"
        let piped = try spawnClean([productBinary("fauth-tui"), "--help"], environment: environment)
        #expect(piped.status == 0)
        #expect(piped.output.contains("\n" + heading + "\n"), "a file gets the text in logical order")
    }
}

