import Foundation

/// Builds the test plugin (`Fixtures/test_plugin.c`) in variants at test time with the C compiler, and
/// the repository's own C example (`Examples/c-plugin`), into a temporary folder of this process.
public enum TestPlugins {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The repository root.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A temporary folder for this process's builds.
    public static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scanctl-test-plugins-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// The C compiler: `$CC`, else `cc` on the path, else the clang beside `swift`.
    public static var compiler: String? {
        if let cc = ProcessInfo.processInfo.environment["CC"], !cc.isEmpty { return cc }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in path {
            for name in ["cc", "clang", "gcc"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return ["/opt/swift/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [String: String] = [:]

    /// The test plugin compiled with `defines` (e.g. `["TP_ABI=2"]`, `["TP_BEHAVIOUR=1"]`) as
    /// `FILE.so` in ``folder``; built once per process and name.
    public static func build(_ file: String, defines: [String] = []) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = built[file] { return path }
        guard let cc = compiler else { throw Failure(description: "no C compiler (cc, clang or gcc) found") }
        let output = folder.appendingPathComponent("\(file).so").path
        let source = repository.appendingPathComponent("Tests/PluginTestSupport/Fixtures/test_plugin.c").path
        try run(
            cc,
            ["-shared", "-fPIC", "-O1", "-Wall", "-Werror", "-I", repository.appendingPathComponent("include").path]
                + defines.map { "-D\($0)" } + ["-o", output, source, "-lm"])
        built[file] = output
        return output
    }

    /// Builds the C example plugin with its own Makefile (`make -C Examples/c-plugin OUT=…`) and returns
    /// the library's path.
    public static func cExample() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = built["c-example"] { return path }
        let out = folder.appendingPathComponent("c-example").path
        var arguments = ["-s", "-C", repository.appendingPathComponent("Examples/c-plugin").path, "OUT=\(out)"]
        if let cc = compiler { arguments.append("CC=\(cc)") }
        try run("/usr/bin/make", arguments)
        let path = out + "/libpharmacode.so"
        built["c-example"] = path
        return path
    }

    /// Runs a tool and throws with its output when it fails.
    public static func run(_ tool: String, _ arguments: [String], directory: URL? = nil) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = directory }
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed:\n\(output)")
        }
    }
}
