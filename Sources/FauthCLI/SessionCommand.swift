import Localization

/// `fauth-tui status` (alias `whoami`), `signout` and `token`: one of `SessionCommands` on the backend the
/// backend options name.
struct SessionCommand: Command {
    /// What the command does with the open backend; the exit status.
    typealias Perform = @Sendable (Backend, Invocation, Strings) async -> Int32

    let name: CommandName
    let options: [OptionDeclaration]
    private let perform: Perform

    static let status = SessionCommand(name: .status, options: OptionDeclaration.backend + [.json]) {
        backend, invocation, strings in
        await SessionCommands.status(backend,
                                     backendName: invocation.badge(for: backend.location, strings: strings).text,
                                     json: invocation.options.printsJSON, strings: strings,
                                     console: invocation.console(strings))
    }

    static let signOut = SessionCommand(name: .signOut, options: OptionDeclaration.backend) {
        backend, invocation, strings in
        await SessionCommands.signOut(backend, strings: strings, console: invocation.console(strings))
    }

    static let token = SessionCommand(name: .token, options: OptionDeclaration.backend + [.forceRefresh]) {
        backend, invocation, strings in
        await SessionCommands.token(backend, forceRefresh: invocation.options.forcesRefresh, strings: strings,
                                    console: invocation.console(strings))
    }

    private init(name: CommandName, options: [OptionDeclaration], perform: @escaping Perform) {
        self.name = name
        self.options = options
        self.perform = perform
    }

    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let strings = try invocation.start()
        let backend = try invocation.openBackend(strings: strings)
        return await perform(backend, invocation, strings)
    }
}
