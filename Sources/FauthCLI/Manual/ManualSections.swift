/// What a manual page says beyond the command's declaration (summary, usage, subcommands, options): exit
/// statuses, environment, files and examples. Manual pages are English, as Debian's are; `--help` is localized.
struct ManualSections {
    /// A term and what it means: a status, a variable, a path.
    typealias Entry = (term: String, text: String)

    /// Paragraphs after the summary.
    var description: [String] = []
    var keys: [Entry] = []
    var exitStatus: [Entry] = []
    var environment: [Entry] = []
    var files: [Entry] = []
    /// A command line and what it does.
    var examples: [Entry] = []

    /// The sections of `command`'s page.
    static func of(_ command: CommandName) -> ManualSections {
        switch command {
        case .signIn: signIn
        case .inbox: inbox
        case .emulator: emulator
        case .status: status
        case .signOut: signOut
        case .token: token
        case .strings: strings
        case .stringsList: stringsList
        case .stringsCheck: stringsCheck
        case .stringsExport: stringsExport
        case .completions: completions
        case .manual: manual
        }
    }

    private static let usageStatus: Entry = ("2", "The command line or the configuration file is not valid.")
    private static let signalStatus: Entry = ("128 + n", "The process ended on signal n.")

    private static let backendEnvironment: [Entry] = [
        ("FIREBASE_API_KEY", "The Web API key of a Firebase project, when neither --api-key nor --emulator is given."),
        ("FIREBASE_AUTH_EMULATOR_HOST",
         "HOST:PORT of a Firebase Auth emulator, when neither --emulator nor --api-key is given."),
        ("GCLOUD_PROJECT, FIREBASE_PROJECT", "The project an emulator serves when --project is not given."),
        ("XDG_CONFIG_HOME", "Where a Firebase backend's session is kept (default ~/.config)."),
        ("XDG_DATA_HOME", "Where the local backend's store is kept (default ~/.local/share)."),
    ]

    private static let languageEnvironment: [Entry] = [
        ("LC_ALL, LC_MESSAGES, LANG", "The language of the text, unless --lang names one."),
    ]

    private static let backendFiles: [Entry] = [
        ("$XDG_DATA_HOME/fauth-tui/local.sqlite",
         "The local backend's accounts, sessions and sent messages (mode 0600)."),
        ("$XDG_CONFIG_HOME/fauth-tui/session-*.json",
         "A Firebase project's or emulator's signed-in session (mode 0600)."),
    ]

    private static let signIn = ManualSections(
        description: [
            "fauth-tui shows the sign-in screens of FirebaseUI for SwiftUI in the terminal: the provider picker with "
                + "its email and password form, email links, phone numbers with SMS codes, password recovery, "
                + "second factors, the signed-in account screen and reauthentication. Every screen is driven from "
                + "the keyboard.",
            "Without --api-key or --emulator it runs on the embedded local backend, which needs no account "
                + "anywhere: emails and text messages it would send arrive in its inbox (F2). With --api-key it "
                + "signs in to a Firebase project; with --emulator, to a Firebase Auth emulator such as "
                + "fauth-tui emulator.",
        ],
        keys: [
            ("Tab, Down / Shift-Tab, Up", "Next or previous field or button."),
            ("Enter", "Activate; in a field, go to the next field or submit the form. Space presses a button."),
            ("Esc", "Stop waiting, dismiss, go back; at the picker, cancel."),
            ("Ctrl-R", "Show or hide the password in a password field."),
            ("F2, Ctrl-O", "Open or close the inbox of sent messages."),
            ("F1", "List the keys of the current screen."),
            ("Left, Right, Home, End, Ctrl-A, Ctrl-E", "Move in a field."),
            ("Backspace, Delete, Ctrl-U, Ctrl-K, Ctrl-W",
             "Delete a character, to the start, to the end, a word."),
            ("Ctrl-Z", "Suspend to the shell."),
            ("Ctrl-L", "Redraw the screen."),
            ("Ctrl-C, Ctrl-Q", "Quit."),
        ],
        exitStatus: [
            ("0", "Someone is signed in (a guest too); \"Signed in as ...\" is printed on standard output."),
            ("1", "Nobody is signed in (the person quit or cancelled), or the run failed."),
            usageStatus, signalStatus,
        ],
        environment: backendEnvironment + languageEnvironment + [
            ("TERM", "The terminal type; a terminal without cursor addressing gets plain mode."),
            ("NO_COLOR", "When set, no colours are used."),
            ("FAUTH_TUI_BIDI",
             "terminal leaves right-to-left reordering to the terminal; app makes fauth-tui reorder."),
            ("FAUTH_TUI_HYPERLINKS",
             "on or off: addresses to open as terminal hyperlinks (OSC 8); on by default in terminals known to show them."),
            ("BROWSER", "The program that opens an identity provider's page."),
            ("XDG_STATE_HOME", "Where settings FirebaseUI keeps in AppStorage are kept (default ~/.local/state)."),
        ],
        files: backendFiles + [
            ("$XDG_STATE_HOME/fauth-tui/app-storage.json",
             "Values FirebaseUI keeps in AppStorage, such as the email a sign-in link was sent to."),
        ],
        examples: [
            ("fauth-tui", "Sign in or sign up on the local backend."),
            ("fauth-tui --providers email,phone,google --lang de", "Offer three sign-in methods, in German."),
            ("fauth-tui --emulator 127.0.0.1:9099 --project demo-app",
             "Sign in against a Firebase Auth emulator."),
            ("fauth-tui --plain", "Ask line by line, for screen readers and simple terminals."),
        ])

    private static let inbox = ManualSections(
        exitStatus: [("0", "The messages were printed."), ("1", "The store or emulator could not be read."),
                     usageStatus],
        environment: backendEnvironment,
        files: backendFiles,
        examples: [("fauth-tui inbox | tail -n 1 | cut -f 4", "The code of the last message sent.")])

    private static let emulator = ManualSections(
        description: [
            "It serves Firebase's Identity Toolkit REST API, Secure Token API and the emulator's own endpoints, "
                + "as the Firebase Auth emulator of firebase-tools does, so apps, Admin SDKs and fauth-tui "
                + "--emulator work against it. Data lives in memory unless --store names a file.",
            "Its ID tokens and session cookies are unsigned (alg none) and its refresh tokens base64 records, as "
                + "that emulator issues them; --strict applies a live project's rules instead: signed ID tokens "
                + "and session cookies that expire, opaque refresh tokens.",
        ],
        exitStatus: [("0", "The emulator stopped on a signal after serving."),
                     ("1", "It could not listen, read its store, or import or export its data."),
                     usageStatus],
        environment: [("GCLOUD_PROJECT, FIREBASE_PROJECT", "The project served when --project is not given.")],
        examples: [
            ("fauth-tui emulator --project demo-app", "Serve on 127.0.0.1:9099 until Ctrl-C."),
            ("fauth-tui emulator --store accounts.sqlite --port 9199", "Serve a store that outlives the process."),
            ("fauth-tui emulator --strict", "Serve with a live project's token rules, to test a client against them."),
        ])

    private static let status = ManualSections(
        exitStatus: [("0", "Someone is signed in."), ("1", "Nobody is signed in, or the backend failed."),
                     usageStatus],
        environment: backendEnvironment + languageEnvironment,
        files: backendFiles,
        examples: [("fauth-tui status --json", "The session as one JSON object.")])

    private static let signOut = ManualSections(
        exitStatus: [("0", "Nobody is signed in any more."), ("1", "The backend failed."), usageStatus],
        environment: backendEnvironment,
        files: backendFiles)

    private static let token = ManualSections(
        exitStatus: [("0", "The ID token was printed."), ("1", "Nobody is signed in, or the backend failed."),
                     usageStatus],
        environment: backendEnvironment,
        files: backendFiles,
        examples: [("TOKEN=$(fauth-tui token --emulator 127.0.0.1:9099)", "Keep the ID token for a request.")])

    private static let strings = ManualSections()

    private static let stringsList = ManualSections(
        exitStatus: [("0", "The strings were listed."), ("1", "The bundle could not be read."), usageStatus],
        environment: languageEnvironment,
        examples: [("fauth-tui strings list --lang ja", "Every key with its Japanese text and its source.")])

    private static let stringsCheck = ManualSections(
        exitStatus: [("0", "No error was found."), ("1", "The bundle has errors."), usageStatus],
        environment: languageEnvironment,
        examples: [("fauth-tui strings check MyApp/Resources", "Check an app's translations.")])

    private static let stringsExport = ManualSections(
        exitStatus: [("0", "The template was printed."), usageStatus],
        environment: languageEnvironment,
        examples: [("fauth-tui strings export --lang fr > fr.strings", "A template to translate into French.")])

    private static let completions = ManualSections(
        exitStatus: [("0", "The script was printed."), usageStatus],
        examples: [
            ("eval \"$(fauth-tui completions bash)\"", "Complete fauth-tui in this bash session."),
            ("fauth-tui completions fish > ~/.config/fish/completions/fauth-tui.fish", "Install for fish."),
        ])

    private static let manual = ManualSections(
        exitStatus: [("0", "The pages were written."), ("1", "The folder could not be written."), usageStatus],
        examples: [("fauth-tui manual man1 && man -l man1/fauth-tui.1", "Write and read the pages.")])
}
