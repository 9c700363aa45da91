// TerminalUITests: under construction
