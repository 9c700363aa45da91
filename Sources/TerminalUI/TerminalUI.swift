// TerminalUI: under construction
