import Foundation

/// A test server run as a child process (Debian's `/usr/bin/python3` with a script) that binds a port
/// on 127.0.0.1 and prints the port number on its first line of standard output.
public enum LocalServerProcess {
    /// The server could not start or printed no port number.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `script` with `arguments` in `process` (Debian's python3 itself: a version-manager shim may
    /// not pass SIGTERM on to the interpreter) and returns the port it printed. Kills the process and
    /// throws ``Failure`` when the first line is not a port number.
    public static func start(_ process: Process, script: String, arguments: [String]) throws -> Int {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure(description: "\(script) printed no port: '\(text)'")
        }
        return port
    }
}
