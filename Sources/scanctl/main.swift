import Foundation

// scanctl: the command-line front end. Each subcommand lives in its own file.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "auth": status = AuthCommand.run(Array(arguments.dropFirst()))
case "devices": status = DevicesCommand.run(Array(arguments.dropFirst()))
case "decode": status = DecodeCommand.run(Array(arguments.dropFirst()))
case "generate": status = GenerateCommand.run(Array(arguments.dropFirst()))
case "plugins": status = PluginsCommand.run(Array(arguments.dropFirst()))
case "run": status = RunCommand.run(Array(arguments.dropFirst()))
case "validate": status = ValidateCommand.run(Array(arguments.dropFirst()))
case "help", "--help", "-h", nil:
    print(Usage.main)
    status = arguments.isEmpty ? ExitStatus.usage : ExitStatus.success
case "--version":
    print("scanctl \(Usage.version)")
    status = ExitStatus.success
case let other?:
    Console.error("unknown command '\(other)'. Run 'scanctl --help' for the list of commands.")
    status = ExitStatus.usage
}
fflush(nil)
exit(status)
