import AuthApp
import Foundation

let status = await FauthTUI.main(arguments: Array(CommandLine.arguments.dropFirst()),
                                 environment: ProcessInfo.processInfo.environment)
exit(status)
