import Foundation
import ScanCore
import ScanSession

// scanctl: the command-line front end. Each subcommand lives in its own file; Commands lists them.
// Decoding many frames or files: freed buffers are kept for the next one (FrameMemory).
FrameMemory.keepBetweenFrames()
var arguments = Array(CommandLine.arguments.dropFirst())
var status: Int32?

/// Runs the command `name` with `arguments`, or says it is unknown (exit 2).
func runCommand(_ name: String, _ arguments: [String]) -> Int32 {
    guard let entry = Commands.entry(named: name) else {
        Console.error("unknown command '\(name)'. Run 'scanctl --help' for the list of commands.")
        return ExitStatus.usage
    }
    return entry.run(arguments)
}
// Options before the command: -q, -v (also taken by every command), -V, -h.
while status == nil, let first = arguments.first, first.hasPrefix("-") {
    arguments.removeFirst()
    switch first {
    case "-q", "--quiet": Console.setVerbosity(.quiet)
    case "-v", "--verbose": Console.setVerbosity(.verbose)
    case "-V", "--version":
        print("scanctl \(PackageVersion.current)")
        status = ExitStatus.success
    case "-h", "--help":
        // Before a command, the command's help (`scanctl -h decode` as `scanctl decode -h`).
        if let name = arguments.first, !name.hasPrefix("-") {
            status = runCommand(name, ["--help"])
        } else {
            print(Commands.mainHelp, terminator: "")
            status = ExitStatus.success
        }
    default:
        Console.error("unknown option '\(first)'. Run 'scanctl --help' for the options and commands.")
        status = ExitStatus.usage
    }
}
if status == nil {
    if let name = arguments.first {
        status = runCommand(name, Array(arguments.dropFirst()))
    } else {
        print(Commands.mainHelp, terminator: "")
        status = ExitStatus.usage
    }
}
// Results that never reached standard output (a full disk, a device that refuses them) make a command
// that would have succeeded fail: the caller must not take the missing output for none.
let flushError: Int32? = fflush(nil) == 0 ? nil : errno
let failure = ProgressDisplay.shared.standardOutputFailure ?? flushError
if let failure, failure != EPIPE, status == ExitStatus.success {
    Console.error("standard output: cannot write: \(String(cString: strerror(failure)))")
    status = ExitStatus.usage
}
exit(status ?? ExitStatus.usage)
