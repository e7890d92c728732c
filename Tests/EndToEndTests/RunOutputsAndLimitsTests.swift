import Foundation
import Testing

/// `scanctl run` with a file output and the run limits (--once, --max-events, --duration), as a process.
@Suite struct RunOutputsAndLimitsTests {
    static func samplesSession(_ dir: TemporaryDirectory, outputs: String, to: String) throws {
        let samples = ScanctlProcess.repository.appendingPathComponent("samples").path
        try dir.write(
            "s.yaml",
            """
            session: files
            inputs:
              - { id: inbox, type: file,
                  paths: ["\(samples)/ean*.png", "\(samples)/upc*.png", "\(samples)/photo-*.jpg"] }
            outputs:
            \(outputs)
            connections: [{ from: inbox, to: \(to), symbologies: [ean13, ean8, upca, upce] }]
            """)
    }

    @Test func fileOutputWritesJSONLAndCSVAndAppendsAcrossRuns() throws {
        let dir = try TemporaryDirectory()
        try Self.samplesSession(
            dir,
            outputs: """
                  - { id: log, type: file, path: out/scans.jsonl, events: [confirmed] }
                  - { id: sheet, type: file, path: out/scans.csv, events: [confirmed] }
                """, to: "[log, sheet]")
        try FileManager.default.createDirectory(atPath: dir.file("out"), withIntermediateDirectories: true)
        for _ in 0..<2 {
            let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path)
            #expect(r.status == 0, "stderr: \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        let jsonl = try String(contentsOfFile: dir.file("out/scans.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(jsonl.count == 14)  // 7 EAN/UPC codes in samples/ (one per image), twice
        let first = try JSONSerialization.jsonObject(with: Data(jsonl[0].utf8)) as? [String: Any]
        #expect(first?["event"] as? String == "confirmed")
        let csv = try String(contentsOfFile: dir.file("out/scans.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 15)
        #expect(csv[0].hasPrefix("event_id,timestamp,session,input,frame,source,event,track_id,format,raw_value"))
        #expect(csv.filter { $0.contains(",confirmed,,ean8,96385074,") }.count == 2)
    }

    @Test func outputThatCannotOpenIsARuntimeFailure() throws {
        let dir = try TemporaryDirectory()
        try Self.samplesSession(dir, outputs: "  - { id: log, type: file, path: missing-dir/x.jsonl }", to: "log")
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path)
        #expect(r.status == 1)
        #expect(r.stderr.contains("output 'log': missing-dir/x.jsonl: cannot open: No such file or directory"))
    }

    /// A stdout output whose lines the device refuses fails the run (exit 1), with the reason on
    /// standard error; the run went on saying 0 errors, exit 0.
    @Test func stdoutOutputThatCannotWriteIsARuntimeFailure() throws {
        let dir = try TemporaryDirectory()
        try Self.samplesSession(dir, outputs: "  - { id: out, type: stdout, events: [confirmed] }", to: "out")
        let r = try ScanctlProcess.run(["run", "s.yaml"], standardOutputTo: "/dev/full", directory: dir.path)
        #expect(r.status == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("standard output: cannot write: No space left on device"), "\(r.stderr)")
    }

    @Test func maxEventsStopsAfterExactlyN() throws {
        let dir = try TemporaryDirectory()
        try Self.samplesSession(dir, outputs: "  - { id: out, type: stdout, events: [confirmed] }", to: "out")
        let r = try ScanctlProcess.run(["run", "--max-events", "2", "s.yaml"], directory: dir.path)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.jsonLines.count == 2)
    }

    func stdinSession(_ dir: TemporaryDirectory) throws {
        try dir.write(
            "pipe.yaml",
            """
            inputs: [{ id: pipe, type: stdin, width: 640, height: 360, pixel_format: gray8, drop_frames: false }]
            outputs: [{ id: out, type: stdout, format: text }]
            connections: [{ from: pipe, to: out, confirm_frames: 2 }]
            """)
    }

    @Test func onceStopsAtTheFirstConfirmedEventWhileInputIsStillOpen() throws {
        let dir = try TemporaryDirectory()
        try stdinSession(dir)
        let child = try RunningScanctl(["run", "--once", "pipe.yaml"], directory: dir.path)
        let frame = RunStdinSessionTests.gray(codeAt: (60, 40))
        let writer = Thread {
            for _ in 0..<2 { child.write(frame) }
        }
        writer.start()
        let r = child.wait(timeout: 30)  // standard input is never closed
        child.closeInput()
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // detected (frame 0), detected (frame 1), confirmed (frame 1): the confirmed event is the last one,
        // marked as such (the output receives detected events too).
        #expect(
            r.stdout == "pipe frame 0: ean13 (product): 4006381333931\npipe frame 1: ean13 (product): 4006381333931\n"
                + "confirmed: pipe frame 1: ean13 (product): 4006381333931\n")
    }

    @Test func rawOncePrintsOnlyThePayload() throws {
        // code=$(scanctl run --once --raw s.yaml): the confirmed code's payload and nothing else.
        let dir = try TemporaryDirectory()
        try stdinSession(dir)
        let child = try RunningScanctl(["run", "--once", "--raw", "pipe.yaml"], directory: dir.path)
        let frame = RunStdinSessionTests.gray(codeAt: (60, 40))
        let writer = Thread {
            for _ in 0..<2 { child.write(frame) }
        }
        writer.start()
        let r = child.wait(timeout: 30)
        child.closeInput()
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout == "4006381333931\n")
    }

    @Test func onceWithoutAConfirmedEventExitsOne() throws {
        let dir = try TemporaryDirectory()
        try stdinSession(dir)
        let r = try ScanctlProcess.run(
            ["run", "--once", "pipe.yaml"], directory: dir.path, stdin: RunStdinSessionTests.gray(codeAt: nil))
        #expect(r.status == 1)
        #expect(r.stderr.contains("no confirmed event"))
    }

    @Test func durationStopsAnIdleSession() throws {
        let dir = try TemporaryDirectory()
        try stdinSession(dir)
        let started = Date()
        let child = try RunningScanctl(["run", "--duration", "0.5", "pipe.yaml"], directory: dir.path)
        let r = child.wait(timeout: 20)
        child.closeInput()
        let elapsed = Date().timeIntervalSince(started)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(elapsed >= 0.5 && elapsed < 10)
        #expect(r.stderr.contains("0 frames, 0 symbols"))
    }
}
