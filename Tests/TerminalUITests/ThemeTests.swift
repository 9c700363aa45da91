import Foundation
import Testing
@testable import TerminalUI

/// Parses and returns the error, failing the test if parsing succeeded.
private func themeError(_ text: String) -> ThemeError? {
    do {
        _ = try Theme.parse(text, name: "broken")
        Issue.record("parsed without error: \(text)")
        return nil
    } catch {
        return error
    }
}

/// A shipped theme file, read from the repository next to this test file.
func shippedTheme(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("themes/\(name).theme"), encoding: .utf8)
}

@Suite struct ThemeColorTests {
    @Test(arguments: [
        ("default", ThemeColor.default), ("black", .ansi(0)), ("red", .ansi(1)), ("green", .ansi(2)),
        ("yellow", .ansi(3)), ("blue", .ansi(4)), ("magenta", .ansi(5)), ("cyan", .ansi(6)), ("white", .ansi(7)),
        ("bright-black", .ansi(8)), ("bright-red", .ansi(9)), ("bright-white", .ansi(15)), ("Cyan", .ansi(6)),
        ("0", .indexed(0)), ("214", .indexed(214)), ("255", .indexed(255)),
        ("#FF0000", .indexed(196)), ("#000000", .indexed(16)), ("#ffffff", .indexed(231)), ("#00FF00", .indexed(46)),
        ("#0000FF", .indexed(21)), ("#D0021B", .indexed(160)), ("#007AFF", .indexed(33)), ("#808080", .indexed(244)),
        ("#767676", .indexed(243)), ("#FFA000", .indexed(214)),
    ])
    func parses(_ text: String, _ expected: ThemeColor) {
        #expect(ThemeColor(parsing: text) == expected)
    }

    @Test(arguments: ["256", "-1", "bright-", "brightred", "#FFF", "#GG0000", "#FF00000", "purple", "", "１"])
    func rejects(_ text: String) {
        #expect(ThemeColor(parsing: text) == nil)
    }

    @Test func paletteIndexReducesToWhatTheTerminalHas() {
        #expect(ThemeColor.default.paletteIndex(colorCount: 256) == nil)
        #expect(ThemeColor.indexed(160).paletteIndex(colorCount: 256) == 160)
        #expect(ThemeColor.ansi(9).paletteIndex(colorCount: 16) == 9)
        #expect(ThemeColor.indexed(196).paletteIndex(colorCount: 16) == 9)
        #expect(ThemeColor.indexed(196).paletteIndex(colorCount: 8) == 1)
        #expect(ThemeColor.ansi(15).paletteIndex(colorCount: 8) == 7)
        #expect(ThemeColor.indexed(16).paletteIndex(colorCount: 8) == 0)
        #expect(ThemeColor.indexed(21).paletteIndex(colorCount: 8) == 4)
    }
}

@Suite struct ThemeParseTests {
    @Test func parsesRolesColoursAndAttributes() throws {
        let theme = try Theme.parse("""
            # a comment
              # an indented comment

            normal = white on blue
            buttonFocused = black on cyan +bold
            error = #FF0000 +bold +underline
            link   =   33   +underline+reverse
            muted = +dim
            fieldFocused = on yellow +REVERSE
            """, name: "test")
        #expect(theme.name == "test")
        #expect(theme.style(for: .normal) == ThemeStyle(foreground: .ansi(7), background: .ansi(4)))
        #expect(theme.style(for: .buttonFocused) == ThemeStyle(foreground: .ansi(0), background: .ansi(6), bold: true))
        #expect(theme.style(for: .error)
            == ThemeStyle(foreground: .indexed(196), background: .ansi(4), bold: true, underline: true))
        #expect(theme.style(for: .muted) == ThemeStyle(foreground: .ansi(7), background: .ansi(4), dim: true))
        #expect(theme.style(for: .fieldFocused)
            == ThemeStyle(foreground: .ansi(7), background: .ansi(3), reverse: true))
        #expect(theme.style(for: .title) == theme.style(for: .normal))
    }

    @Test func unspecifiedRolesInheritNormalWhereverItIsWritten() throws {
        let theme = try Theme.parse("title = +bold\nnormal = green on black +underline\n", name: "order")
        #expect(theme.style(for: .footer) == ThemeStyle(foreground: .ansi(2), background: .ansi(0), underline: true))
        #expect(theme.style(for: .title) == ThemeStyle(foreground: .ansi(2), background: .ansi(0), bold: true))
    }

    @Test func emptyThemeIsTerminalDefaults() throws {
        let theme = try Theme.parse("# nothing\n", name: "empty")
        #expect(theme.style(for: .buttonFocused) == ThemeStyle())
    }

    @Test func acceptsCRLFLineEnds() throws {
        let theme = try Theme.parse("normal = red\r\ntitle = blue +bold\r\n", name: "dos")
        #expect(theme.style(for: .title) == ThemeStyle(foreground: .ansi(4), bold: true))
    }

    @Test(arguments: [
        ("normal = red\nbuton = blue", 2, ThemeError.Kind.unknownRole("buton")),
        ("\n\n\ntitle = purple", 4, .unknownColor("purple")),
        ("title = red on #12345", 1, .unknownColor("#12345")),
        ("# c\ntitle = red +blink", 2, .unknownAttribute("+blink")),
        ("title = red +", 1, .unknownAttribute("+")),
        ("title = red +bold+blink", 1, .unknownAttribute("+blink")),
        ("title = red\ntitle = blue", 2, .duplicateRole("title")),
        ("title red", 1, .badSyntax("missing '='")),
        ("= red", 1, .badSyntax("missing role name before '='")),
        ("title =", 1, .badSyntax("missing style after '='")),
        ("title = red on", 1, .badSyntax("'on' must be followed by a background colour")),
        ("title = red on +bold", 1, .badSyntax("'on' must be followed by a background colour")),
        ("title = red blue", 1, .badSyntax("unexpected 'blue' (write 'FG on BG', attributes with '+')")),
        ("title = +bold red", 1, .badSyntax("unexpected 'red' (write 'FG on BG', attributes with '+')")),
        ("Title = red", 1, .unknownRole("Title")),
    ])
    func reportsErrorsWithLineNumbers(_ text: String, _ line: Int, _ kind: ThemeError.Kind) {
        let error = themeError(text)
        #expect(error == ThemeError(themeName: "broken", line: line, kind: kind))
    }

    @Test func errorMessagesNameFileLineAndProblem() {
        let unknownRole = themeError("\nbuton = red")?.description ?? ""
        #expect(unknownRole.hasPrefix("broken.theme:2: unknown role 'buton' (known roles: normal, logo,"))
        #expect(themeError("title = purple")?.description.hasPrefix("broken.theme:1: unknown colour 'purple'") == true)
        #expect(themeError("title red")?.description
            == "broken.theme:1: missing '='; expected 'role = FG [on BG] [+bold] [+underline] [+reverse] [+dim]'")
    }

    @Test func monochromeDropsColoursAndKeepsAttributes() throws {
        let theme = try Theme.parse("normal = white on blue\nerror = red +bold\nlinkFocused = blue +reverse +underline",
                                    name: "colourful")
        let mono = theme.monochrome()
        #expect(mono.name == "colourful")
        #expect(mono.style(for: .normal) == ThemeStyle())
        #expect(mono.style(for: .error) == ThemeStyle(bold: true))
        #expect(mono.style(for: .linkFocused) == ThemeStyle(underline: true, reverse: true))
        #expect(mono.style(for: .title) == ThemeStyle())
    }
}

@Suite struct ShippedThemeTests {
    @Test(arguments: ["default", "high-contrast"])
    func parsesAndKeepsFocusVisibleWithoutColour(_ name: String) throws {
        let theme = try Theme.parse(try shippedTheme(name), name: name)
        let mono = theme.monochrome()
        let attributes = { (style: ThemeStyle) in [style.bold, style.underline, style.reverse, style.dim] }
        for (plain, focused) in [(StyleRole.field, StyleRole.fieldFocused), (.button, .buttonFocused),
                                 (.link, .linkFocused)] {
            #expect(attributes(mono.style(for: plain)) != attributes(mono.style(for: focused)),
                    "\(focused) looks like \(plain) without colour")
        }
        // A focused field also has its "›" marker and the cursor; buttons and links have only their look.
        for focused in [StyleRole.buttonFocused, .linkFocused] {
            #expect(mono.style(for: focused).reverse || mono.style(for: focused).bold)
        }
        #expect(mono.style(for: .error).bold)
        #expect(mono.style(for: .title).bold)
        #expect(mono.style(for: .alertTitle).bold)
        #expect(mono.style(for: .buttonDisabled) != mono.style(for: .button))
    }

    @Test func defaultThemeUsesFirebaseColours() throws {
        let theme = try Theme.parse(try shippedTheme("default"), name: "default")
        #expect(theme.style(for: .button).background == ThemeColor(parsing: "#D0021B"))
        #expect(theme.style(for: .link).foreground == ThemeColor(parsing: "#007AFF"))
        #expect(theme.style(for: .normal) == ThemeStyle())
        // Typed text in the terminal's own look: a key typed into a field sends only its character.
        #expect(theme.style(for: .fieldFocused) == ThemeStyle())
        #expect(Set(StyleRole.allCases).subtracting(theme.styles.keys).isEmpty, "every role is set explicitly")
    }
}
