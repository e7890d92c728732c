import Foundation
import ScanCore

/// Renders many symbols with Debian's `zint` at once: one process per symbology and argument set, in
/// batch mode (`--batch`: one symbol per input line), each symbol's modules written as zint's `--dump`
/// text (`--filetype=txt`) and read back as ``StressModules``.
public enum StressZint {
    /// The zint executable, if installed.
    public static let executable = ["/usr/bin/zint", "/usr/local/bin/zint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The modules of each data line (`nil` where zint refused the line), in order.
    public static func render(symbology: String, arguments: [String], lines: [String], kind: StressModules.Kind)
        throws -> [StressModules?]
    {
        guard let zint = executable else { throw Failure(description: "zint is not installed (make setup)") }
        guard !lines.isEmpty else { return [] }
        let base =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm")
            : FileManager.default.temporaryDirectory
        let dir = base.appendingPathComponent("scanstress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("data.txt")
        try Data(lines.joined(separator: "\n").utf8 + [0x0A]).write(to: input)
        let digits = String(lines.count).count
        let pattern = dir.appendingPathComponent(String(repeating: "~", count: max(5, digits)) + ".txt")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: zint)
        p.arguments =
            ["-b", symbology, "--batch", "--esc", "--filetype=txt", "-o", pattern.path, "-i", input.path]
            + arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return lines.indices.map { i in
            let name = String(i + 1).leftPadded(to: max(5, digits)) + ".txt"
            guard let text = try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) else {
                return nil
            }
            return StressModules.parseZintDump(text, kind: kind)
        }
    }
}
