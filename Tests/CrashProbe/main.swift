import TerminalUI

// Takes over the terminal as fauth-tui does, then crashes with a real fault (a failed bounds check traps), so
// end-to-end tests can check that the terminal comes back and the process ends without waiting for input.
CrashHandling.install()
let terminal = try NcursesTerminal(theme: Theme(name: "probe", styles: [:]), colors: false)
let empty: [Int] = []
print(empty[CommandLine.arguments.count])
