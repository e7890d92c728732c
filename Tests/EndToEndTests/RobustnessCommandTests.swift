import Foundation
import Testing

/// Issue 18 as a new user met it, on the built `scanctl`: hostile session files, failed items, lost events.
@Suite struct RobustnessCommandTests {
    @Test func deeplyNestedYAMLIsAnErrorWithItsPositionNotACrash() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(
            "deep.yaml",
            "session: t\nx: " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000))
        let r = try ScanctlProcess.run(["validate", path])
        #expect(r.status == 2, "stderr: \(r.stderr.prefix(500))")
        #expect(r.stderr.contains("\(path):2:67: error: lists and mappings are nested more than 64 levels deep here"))
        // The quoted line is an excerpt, not 100 000 brackets.
        #expect(r.stderr.utf8.count < 2000)
    }

    @Test func aSessionFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("big.yaml", "# " + String(repeating: "x", count: 5 << 20) + "\n")
        let r = try ScanctlProcess.run(["validate", path])
        #expect(r.status == 2)
        #expect(
            r.stderr.contains("\(path): error: the session file is 5242883 bytes; at most 4194304 (4 MiB) are read"))
    }

    @Test func unreadableFilesMakeTheRunExitOneAndTheSummarySaySo() throws {
        let dir = try TemporaryDirectory()
        for n in 0..<3 { try dir.write("in/bad-\(n).png", "not a png") }
        try FileManager.default.copyItem(
            atPath: ScanctlProcess.repository.appendingPathComponent("samples/ean8-96385074.png").path,
            toPath: dir.file("in/good.png"))
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: in, type: file, paths: [in] }]
            outputs: [{ id: out, type: stdout, format: text, events: [confirmed] }]
            connections: [{ from: in, to: out }]
            """)
        let r = try ScanctlProcess.run(["run", "--no-progress", "s.yaml"], directory: dir.path)
        #expect(r.status == 1)
        #expect(r.stdout.contains("96385074"))
        #expect(r.stderr.contains(": 1 frame, 1 symbol, 0 dropped frames, 3 errors, 0 undelivered events"))
        #expect(r.stderr.contains("; FAILED: 3 items failed\n"))
    }

    @Test func eventsLeftUndeliveredWithoutASpoolMakeTheRunExitOne() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: ScanctlProcess.repository.appendingPathComponent("samples/ean8-96385074.png").path,
            toPath: dir.file("in.png"))
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: in, type: file, paths: [in.png] }]
            outputs:
              - id: hook
                type: webhook
                url: "http://127.0.0.1:9/x?token=${T}"
                retry: { attempts: 1, backoff_ms: 10 }
            connections: [{ from: in, to: hook }]
            """)
        let r = try ScanctlProcess.run(
            ["run", "--no-progress", "s.yaml"], directory: dir.path, environment: ["T": "t0ken-secret"])
        #expect(r.status == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("2 events were not delivered to http://127.0.0.1:9/x?token=*** and are lost"))
        #expect(r.stderr.contains("; FAILED: 2 events undelivered\n"))
        #expect(!r.stderr.contains("t0ken-secret"))
    }
}
