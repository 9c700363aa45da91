import Foundation
import Testing
@testable import Localization

@Suite("UIKit FirebaseUI's FirebaseAuthUI.strings as overrides")
struct UIKitStringsTests {
    private func bundle(_ files: [String: String]) throws -> (StringsBundle, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return (try StringsBundle.load(path: folder.path), folder)
    }

    @Test func identifiersAreRenamedAndSharedKeysApply() throws {
        let (bundle, folder) = try bundle(["fr.lproj/FirebaseAuthUI.strings": """
            "EnterYourEmail" = "Votre adresse e-mail";
            "ForgotPassword" = "Mot de passe oublié ?";
            "WrongPasswordError" = "Mauvais mot de passe.";
            "Cancel" = "Fermer";
            "AS_SectionProfile" = "Profil";
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = Strings.load(language: "fr", bundle: bundle)
        #expect(strings[.enterYourEmail] == "Votre adresse e-mail")
        #expect(strings[.troubleSigningIn] == "Mot de passe oublié ?")
        #expect(strings[.wrongPassword] == "Mauvais mot de passe.")
        #expect(strings[.cancel] == "Fermer")
        #expect(strings.source(of: .cancel) == .custom(folder.path + "/fr.lproj/FirebaseAuthUI.strings"))
        #expect(strings[.password] == Strings.builtIn(language: "fr")[.password])
    }

    @Test func localizableStringsWinOverTheUIKitTable() throws {
        let (bundle, folder) = try bundle([
            "de.lproj/Localizable.strings": "\"Enter your email\" = \"Aus Localizable\";\n",
            "de.lproj/FirebaseAuthUI.strings": "\"EnterYourEmail\" = \"Aus UIKit\";\n\"Cancel\" = \"Schließen\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = Strings.load(language: "de", bundle: bundle)
        #expect(strings[.enterYourEmail] == "Aus Localizable")
        #expect(strings[.cancel] == "Schließen")
    }

    @Test func ourKeyWinsOverTheIdentifierInTheSameFile() {
        let mapped = FirebaseUIStringKeys.mapped(["EnterYourEmail": "UIKit", "Enter your email": "ours",
                                                  "Next": "Weiter", "Close": "Schließen"], from: .uikit)
        #expect(mapped == ["Enter your email": "ours", "KeyHintNext": "Weiter", "Close": "Schließen"])
    }
}
