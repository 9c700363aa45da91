import Testing
@testable import Localization

/// Issue 32 item 4: FirebaseUI's own files, applied unchanged (`Fixtures/FirebaseUI`, sources in its README).
@Suite("FirebaseUI's String Catalog and UIKit tables as overrides")
struct FirebaseUIFilesTests {
    private let catalog = Fixtures.path("FirebaseUI/SwiftUI/Localizable.xcstrings")

    private func strings(_ language: String, _ path: String) throws -> Strings {
        Strings.load(language: language, bundle: try StringsBundle.load(path: path))
    }

    @Test func catalogIdentifiersReachTheirKeys() throws {
        let german = try strings("de", catalog)
        #expect(german[.signInWithEmail] == "Mit E-Mail anmelden")
        #expect(german[.enterYourEmail] == "Gib deine E-Mail ein")
        #expect(german[.wrongPassword] == "Die E-Mail und das Passwort, die du eingegeben hast, stimmen nicht überein.")
        #expect(german[.recoverPassword] == "Passwort wiederherstellen")
        #expect(german[.troubleSigningIn] == "Probleme beim Anmelden?", "ForgotPasswordTitle")
        #expect(german[.sendPasswordRecoveryEmail] == "Passwort-Wiederherstellungs-E-Mail senden",
                "the catalog's ForgotPassword is the button that sends the email")
        #expect(german[.login] == "Anmelden")
        #expect(german.source(of: .signInWithEmail) == .custom(catalog + " [de]"))
        let arabic = try strings("ar", catalog)
        #expect(arabic.source(of: .signInWithEmail) == .custom(catalog + " [ar]"))
        #expect(arabic.source(of: .wrongPassword) == .custom(catalog + " [ar]"))
    }

    @Test func uikitIdentifiersReachTheirKeys() throws {
        let german = try strings("de", Fixtures.path("FirebaseUI/UIKit"))
        #expect(german[.troubleSigningIn] == "Probleme bei der Anmeldung?", "ForgotPasswordTitle wins")
        #expect(german[.login] == "Anmelden")
        #expect(german[.signOut] == "Abmelden")
        #expect(german[.deleteAccount] == "Konto löschen")
        #expect(german[.save] == "Speichern")
        #expect(german[.hintBack] == "Zurück")
        #expect(german[.hintNext] == "Weiter")
        #expect(german[.missingPassword] == "Passwort darf nicht leer sein.")
        let uikitOnly = FirebaseUIStringKeys.mapped(["ForgotPassword": "Passwort vergessen?"], from: .uikit)
        #expect(uikitOnly == [StringKey.troubleSigningIn.rawValue: "Passwort vergessen?"])
    }

    /// No key FirebaseUI renames is left as an unknown key, in any language of either file.
    @Test func renamedKeysAreNeverUnknown() throws {
        let reports = StringsCoverage.bundle(try StringsBundle.load(path: catalog))
            + StringsCoverage.bundle(try StringsBundle.load(path: Fixtures.path("FirebaseUI/UIKit")))
        let renamed = Set((FirebaseUIStringKeys.renames(for: .uikit) + FirebaseUIStringKeys.renames(for: .swiftUI))
            .map(\.identifier))
        #expect(reports.count == 10)
        for report in reports {
            #expect(report.unknown.filter(renamed.contains).isEmpty, "\(report.source)")
        }
        let german = try #require(reports.first { $0.source == catalog + " [de]" })
        #expect(german.unknown.count == 74, "108 before the renames; these have no counterpart here")
    }
}
