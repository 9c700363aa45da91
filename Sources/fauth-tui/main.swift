import AuthApp
import FoundationEssentials
import Glibc
import TerminalUI

CrashHandling.install()

let status = await FauthTUI.main(arguments: Array(CommandLine.arguments.dropFirst()),
                                 environment: ProcessInfo.processInfo.environment)
exit(status)
