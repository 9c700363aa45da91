import TerminalUI

/// A plain-mode console for tests: answers come from a script, and the transcript is what a terminal would show,
/// typed answers included (a secret answer shows as nothing, as it would with echo off).
@MainActor
public final class ScriptedLineConsole: LineConsole {
    /// Everything written and echoed so far.
    public private(set) var transcript = ""
    /// The answers not read yet; when they run out, the input ends (Ctrl-D).
    public private(set) var answers: [String]
    /// How many answers were read without echo.
    public private(set) var secretReads = 0

    public init(answers: [String]) {
        self.answers = answers
    }

    public func write(_ text: String) {
        transcript += text
    }

    public func readLine(prompt: String, secret: Bool) -> LineInput {
        transcript += prompt
        guard !answers.isEmpty else {
            transcript += "\n"
            return .end
        }
        let answer = answers.removeFirst()
        if secret { secretReads += 1 }
        transcript += (secret ? "" : answer) + "\n"
        return .line(answer)
    }

    public func wait(for wakeup: Wakeup, milliseconds: Int) -> Int32? {
        wakeup.waitForSignal(milliseconds: milliseconds)
        return nil
    }
}
