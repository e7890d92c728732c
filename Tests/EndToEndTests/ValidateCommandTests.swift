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
