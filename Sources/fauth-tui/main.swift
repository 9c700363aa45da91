import FauthCLI
import Glibc
import TerminalUI

CrashHandling.install()

let status = await Program.main(arguments: Array(CommandLine.arguments.dropFirst()),
                                environment: ProcessEnvironment.current())
exit(status)
