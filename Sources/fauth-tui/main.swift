import AuthApp
import Glibc
import TerminalUI

CrashHandling.install()

let status = await FauthTUI.main(arguments: Array(CommandLine.arguments.dropFirst()),
                                 environment: ProcessEnvironment.current())
exit(status)
