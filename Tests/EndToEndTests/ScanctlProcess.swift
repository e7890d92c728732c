import Foundation

/// Runs the built `scanctl` executable as a child process and captures its output.
struct ScanctlProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout parsed as one JSON object per non-empty line.
        var jsonLines: [[String: Any]] {
            stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }
    }

    /// The `scanctl` binary next to the test bundle (SwiftPM builds every product before `swift test`).
    static var executable: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates {
            let url = dir.appendingPathComponent("scanctl")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        // Fall back to the package's own build folder.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/scanctl")
    }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    /// ``run(_:)`` with standard output going to the file or device at `path` (`/dev/full`: every write
    /// fails) instead of a pipe; `stdout` of the result is empty.
    static func run(_ arguments: [String], standardOutputTo path: String, directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try out.close()
        return Result(status: process.terminationStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self))
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A `scanctl` child process the test talks to while it runs: standard input to write to, signals to
/// send, and output read on background threads (so a full pipe never blocks the child).
final class RunningScanctl: @unchecked Sendable {
    let process = Process()
    private let stdinPipe = Pipe()
    private let outPipe = Pipe(), errPipe = Pipe()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var outData = Data(), errData = Data()
    private let readers = DispatchGroup()

    /// Starts `scanctl arguments` in `directory` (default: the current one) with `environment` added and
    /// the variables named in `unsetting` removed.
    init(
        _ arguments: [String], directory: String? = nil, environment: [String: String] = [:], unsetting: [String] = []
    ) throws {
        process.executableURL = ScanctlProcess.executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .filter { !unsetting.contains($0.key) }
        process.standardInput = stdinPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        for (pipe, isOut) in [(outPipe, true), (errPipe, false)] {
            readers.enter()
            let handle = pipe.fileHandleForReading
            Thread {
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    self.lock.lock()
                    if isOut { self.outData.append(chunk) } else { self.errData.append(chunk) }
                    self.lock.unlock()
                }
                self.readers.leave()
            }.start()
        }
    }

    /// Writes bytes to the child's standard input (blocks while the pipe is full).
    func write(_ bytes: [UInt8]) {
        stdinPipe.fileHandleForWriting.write(Data(bytes))
    }

    /// Closes the child's standard input (end of stream).
    func closeInput() {
        try? stdinPipe.fileHandleForWriting.close()
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Standard error so far.
    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errData, as: UTF8.self)
    }

    /// Standard output so far.
    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: outData, as: UTF8.self)
    }

    /// Waits until `predicate(stdout)` holds or `timeout` seconds pass; returns whether it held.
    func waitForOutput(timeout: Double = 30, _ predicate: (String) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if predicate(stdout) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return predicate(stdout)
    }

    /// Waits for the child to exit (at most `timeout` seconds, then kills it) and returns what it did.
    func wait(timeout: Double = 60) -> ScanctlProcess.Result {
        let end = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { signal(SIGKILL) }
        process.waitUntilExit()
        readers.wait()
        lock.lock()
        defer { lock.unlock() }
        return ScanctlProcess.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

extension ScanctlProcess {
    /// The repository root (for `samples/` and `sessions/`).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs `scanctl` in `directory`, with `stdin` bytes as standard input, and waits for it to end.
    static func run(
        _ arguments: [String], directory: String, stdin: [UInt8] = [], environment: [String: String] = [:],
        timeout: Double = 60
    ) throws -> Result {
        let child = try RunningScanctl(arguments, directory: directory, environment: environment)
        let writer = Thread {
            child.write(stdin)
            child.closeInput()
        }
        writer.start()
        return child.wait(timeout: timeout)
    }
}
