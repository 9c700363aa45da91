import Foundation
import Localization
import Testing
import TestSupport
@testable import FauthCLI

/// Whether `shell` can be started (`make deps` installs bash, zsh and fish).
private func installed(_ shell: String) -> Bool {
    (try? spawnClean([shell, "-c", "exit 0"]).status) == 0
}

/// Command lines typed up to the cursor, and what completion must offer there.
private let cases: [(line: String, offered: Set<String>)] = [
    ("fauth-tui ", ["inbox", "emulator", "status", "whoami", "signout", "token", "strings", "completions",
                    "completion", "manual"]),
    ("fauth-tui emulator --p", ["--port", "--production-hashing", "--project"]),
    // The word after a value option is its value, not a command: these are the interface's options.
    ("fauth-tui --store inbox --t", ["--theme"]),
    ("fauth-tui inbox --", ["--store", "--api-key", "--emulator", "--project", "--config", "--lang", "--strings",
                            "--help"]),
    ("fauth-tui --lang=f", ["fa", "fi", "fil", "fr", "fr-CH"]),
    ("fauth-tui --theme ", ["default", "high-contrast"]),
    ("fauth-tui strings ", ["list", "check", "export"]),
    ("fauth-tui strings check --", ["--builtin", "--help"]),
    ("fauth-tui completions ", ["bash", "zsh", "fish"]),
    ("fauth-tui whoami --j", ["--json"]),
    ("fauth-tui --providers em", ["email", "emailLink"]),
    ("fauth-tui --providers email,g", ["email,google", "email,github"]),
]

/// Each case's candidates from the blocks `harness` prints: `== N`, then one candidate a line (fish adds a tab and
/// the description).
private func offered(byRunning argv: [String]) throws -> [Set<String>] {
    let result = try spawnClean(argv + cases.map(\.line))
    #expect(result.status == 0, "\(result.output)")
    var blocks: [Set<String>] = []
    for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("== ") {
            blocks.append([])
        } else if !line.isEmpty, !blocks.isEmpty {
            blocks[blocks.count - 1].insert(String(line.split(separator: "\t").first ?? ""))
        }
    }
    return blocks
}

/// A file in a fresh folder that is removed when the test ends.
private final class ScriptFile {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID())")
    var path: String { folder.appendingPathComponent("fauth-tui-completion").path }

    init(_ text: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// `fauth-tui completions`' scripts, run by the real shells: each case is completed as the shell completes it.
@Suite struct ShellCompletionTests {
    private let source = CompletionSource(strings: .builtIn(language: "en"))

    @Test(.enabled(if: installed("bash"))) func bashCompletesCommandsOptionsAndValues() throws {
        let script = try ScriptFile(BashCompletion.script(source))
        // bash splits `--lang=f` at `=`, as readline does with the default COMP_WORDBREAKS.
        let harness = #"""
            source "$1"; shift
            for line in "$@"; do
                read -ra COMP_WORDS <<< "${line//=/ = }"
                [[ $line == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMPREPLY=()
                _fauth_tui
                echo "== $line"
                printf '%s\n' "${COMPREPLY[@]}"
            done
            """#
        let blocks = try offered(byRunning: ["bash", "-c", harness, "bash", script.path])
        #expect(blocks.count == cases.count)
        for (block, expected) in zip(blocks, cases) {
            #expect(block == expected.offered, "bash: \(expected.line)")
        }
    }

    @Test(.enabled(if: installed("fish"))) func fishCompletesCommandsOptionsAndValues() throws {
        let script = try ScriptFile(FishCompletion.script(source))
        let harness = #"""
            source $argv[1]
            for line in $argv[2..-1]
                echo "== $line"
                complete -C "$line"
            end
            """#
        let blocks = try offered(byRunning: ["fish", "--no-config", "-c", harness, script.path])
        #expect(blocks.count == cases.count)
        for (block, expected) in zip(blocks, cases) {
            // fish offers `--lang=fa` for `--lang=f`.
            let values = Set(block.map { $0.hasPrefix("--lang=") ? String($0.dropFirst("--lang=".count)) : $0 })
            #expect(values == expected.offered, "fish: \(expected.line)")
        }
    }

    /// zsh completes only in an interactive line editor: the harness types each line and Tab into one on a pseudo
    /// terminal (zpty), after `compinit`, and a `compadd` wrapper writes down every candidate that matches.
    @Test(.enabled(if: installed("zsh"))) func zshCompletesCommandsOptionsAndValues() throws {
        let script = try ScriptFile(ZshCompletion.script(source))
        let harness = #"""
            zmodload zsh/zpty
            script=$1 out=$2; shift 2
            zpty z zsh -f -i
            zpty -w z "PS1='' PROMPT=''; autoload -Uz compinit; compinit -u -D; source ${(q)script}"
            zpty -w z 'compadd() {
                if [[ " $* " == *" -"[OAD]" "* ]]; then builtin compadd "$@"; return; fi
                local -a found
                builtin compadd -O found "$@"
                (( $#found )) && print -rl -- $found >> $COMPLETION_OUT
                builtin compadd "$@"
            }'
            n=0
            for line in "$@"; do
                n=$((n + 1))
                zpty -w z "COMPLETION_OUT=${(q)out}.$n"
                zpty -w -n z "$line"$'\t'
                for i in {1..100}; do [[ -s $out.$n ]] && break; sleep 0.1; done
                sleep 0.2
                zpty -w -n z $'\x15'
                zpty -w z ''
                echo "== $line"
                cat $out.$n 2>/dev/null
            done
            zpty -d z
            """#
        let output = script.folder.appendingPathComponent("offered").path
        let blocks = try offered(byRunning: ["zsh", "-f", "-c", harness, "zsh", script.path, output])
        #expect(blocks.count == cases.count)
        for (block, expected) in zip(blocks, cases) {
            // zsh's `_values -s ,` keeps what comes before the last comma on the line and offers the next word alone.
            let words = Set(expected.offered.map { $0.split(separator: ",").last.map(String.init) ?? $0 })
            #expect(block == words, "zsh: \(expected.line)")
        }
    }

    @Test func everyCommandWordAndOptionIsInEveryScript() {
        for script in [BashCompletion.script(source), ZshCompletion.script(source), FishCompletion.script(source)] {
            for command in CommandName.allCases {
                #expect(script.contains(command.rawValue))
                for option in CommandRegistry.options(of: command) {
                    #expect(script.contains(String(option.name.dropFirst(2))))
                }
            }
        }
    }
}
