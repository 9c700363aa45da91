import TerminalUI

/// The style layer of a golden: one character per cell naming its role, so a focus or colour regression
/// fails a test as surely as a text one. The legend is printed in every golden that uses it.
enum StyleLayer {
    /// The line between a golden's text and its style layer.
    static let separator = "── style ──"

    /// The layer's lines, the cursor's place and the legend of the codes used.
    static func lines(of buffer: Buffer) -> [String] {
        var used = Set<StyleRole>()
        var lines: [String] = []
        for y in 0..<buffer.size.height {
            var line = ""
            for x in 0..<buffer.size.width {
                let role = buffer[x, y].role
                used.insert(role)
                line.append(code(role))
            }
            lines.append(line)
        }
        let cursor = buffer.cursor.map { "cursor \($0.x),\($0.y)" } ?? "no cursor"
        let legend = StyleRole.allCases.filter(used.contains).map { "\(code($0))=\($0.name)" }
        return lines + [cursor, legend.joined(separator: " ")]
    }

    /// The code of a role; `.normal` is a blank so the layer reads like the screen.
    static func code(_ role: StyleRole) -> Character {
        switch role {
        case .normal: " "
        case .logo: "o"
        case .title: "T"
        case .label: "l"
        case .placeholder: "p"
        case .field: "f"
        case .fieldFocused: "F"
        case .button: "b"
        case .buttonFocused: "B"
        case .buttonDisabled: "d"
        case .link: "k"
        case .linkFocused: "K"
        case .error: "E"
        case .hint: "h"
        case .success: "s"
        case .muted: "m"
        case .border: "#"
        case .alertTitle: "A"
        case .footer: "_"
        case .footerKey: "="
        case .busy: "*"
        case .badge: "g"
        case .providerEmail: "1"
        case .providerPhone: "2"
        case .providerAnonymous: "3"
        case .providerGoogle: "4"
        case .providerApple: "5"
        case .providerFacebook: "6"
        case .providerTwitter: "7"
        case .providerGitHub: "8"
        case .providerMicrosoft: "9"
        case .providerYahoo: "0"
        case .providerCustom: "c"
        }
    }
}
