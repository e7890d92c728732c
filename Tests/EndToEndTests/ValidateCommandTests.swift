import Foundation
import Testing

/// `scanctl validate` run as a process on session files written by the test.
@Suite struct ValidateCommandTests {
    @Test func validSessionPrintsOk() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(
            "ok.yaml",
            """
            inputs: [{ id: inbox, type: file, paths: [samples] }]
            outputs: [{ id: console, type: stdout }]
            connections: [{ from: inbox, to: console, symbologies: [ean13] }]
            """)
        let r = try ScanctlProcess.run(["validate", path])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout == "ok\n")
    }

    /// `-q` keeps standard error to errors: a warning (a token written inline) is not printed.
    @Test func quietLeavesWarningsOut() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(
            "warn.yaml",
            """
            inputs: [{ id: inbox, type: file, paths: [samples] }]
            outputs: [{ id: hook, type: webhook, url: "http://127.0.0.1:9/s?token=abc" }]
            connections: [{ from: inbox, to: hook }]
            """)
        let loud = try ScanctlProcess.run(["validate", path])
        #expect(loud.status == 0 && loud.stderr.contains("warning: 'url' holds the query parameter 'token'"))
        let quiet = try ScanctlProcess.run(["-q", "validate", path])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout == "ok\n")
        // `-h` before a command is that command's help, as after it.
        let help = try ScanctlProcess.run(["-h", "validate"])
        let after = try ScanctlProcess.run(["validate", "--help"])
        #expect(help.status == 0 && help.stdout == after.stdout)
        let unknown = try ScanctlProcess.run(["-h", "bogus"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown command 'bogus'"))
    }

    @Test func problemsAreListedWithLineColumnAndCaretAndExitTwo() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(
            "bad.yaml",
            """
            inputs:
              - id: inbox
                type: file
                paths: [samples]
            outputs:
              - id: console
                type: stdout
                format: xml
            connections:
              - from: inbx
                to: console
            """)
        let r = try ScanctlProcess.run(["validate", path])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(path):8:13: error: 'format' must be one of jsonl, text, raw, csv, not 'xml'"))
        #expect(r.stderr.contains("\(path):10:11: error: 'from' names no input: 'inbx'"))
        #expect(r.stderr.contains("        format: xml\n                ^"))
        #expect(r.stderr.contains("2 errors in \(path)"))
    }

    @Test func missingFileAndUsage() throws {
        let r = try ScanctlProcess.run(["validate", "/nonexistent/s.yaml"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("does not exist"))
        #expect(try ScanctlProcess.run(["validate"]).status == 2)
    }
}

/// A fresh directory under the system temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scanctl-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` inside the directory and returns the file's path.
    @discardableResult func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }
}
