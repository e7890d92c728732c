import Foundation
import Testing

/// `scanctl run` on file sessions, as a process.
@Suite struct RunFileSessionTests {
    /// The sample images (and what each holds), copied into a directory tree with a broken file.
    static let expected: [String: [String]] = [
        "a/ean13-4006381333931.png": ["ean13 4006381333931"],
        "a/b/ean8-96385074.png": ["ean8 96385074"],
        "a/b/c/upce-01234565.png": ["upce 01234565"],
        "upca-036000291452.png": ["upca 036000291452"],
        "photo-upca-036000291452.jpg": ["upca 036000291452"],
        "ean13-rotated-5012345678900.png": ["ean13 5012345678900"],
    ]

    func makeTree() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        for name in Self.expected.keys {
            let sample = ScanctlProcess.repository.appendingPathComponent(
                "samples/" + (name as NSString).lastPathComponent)
            let target = dir.url.appendingPathComponent("images/" + name)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample, to: target)
        }
        try dir.write("images/a/broken.png", "not a png")
        try dir.write("images/README.txt", "ignored: not an image extension")
        return dir
    }

    @Test func directorySessionReportsEveryCodeOnceWithCorrectCounts() throws {
        let dir = try makeTree()
        try dir.write(
            "s.yaml",
            """
            session: batch
            inputs: [{ id: inbox, type: file, paths: [images] }]
            outputs: [{ id: out, type: stdout, format: jsonl, events: [confirmed, error] }]
            connections: [{ from: inbox, to: out, symbologies: [ean13, ean8, upca, upce] }]
            """)
        let r = try ScanctlProcess.run(["run", "--no-progress", "s.yaml"], directory: dir.path)
        // One unreadable file: everything else is delivered, and the run says it failed (exit 1).
        #expect(r.status == 1, "stderr: \(r.stderr)")
        let lines = r.jsonLines
        let confirmed = lines.filter { $0["event"] as? String == "confirmed" }
        var found: [String: [String]] = [:]
        for o in confirmed {
            let source = try #require(o["source"] as? String)
            #expect(source.hasPrefix("images/"))
            found[String(source.dropFirst("images/".count)), default: []].append(
                "\(o["format"] as? String ?? "?") \(o["raw_value"] as? String ?? "?")")
            #expect(o["session"] as? String == "batch")
            #expect(o["input"] as? String == "inbox")
            #expect(o["track_id"] is NSNull)
            #expect((o["timestamp"] as? String)?.hasSuffix("Z") == true)
            #expect((o["event_id"] as? String)?.count == 36)
        }
        #expect(found == Self.expected)
        // Files are numbered in sorted order; frame numbers are unique.
        #expect(Set(confirmed.compactMap { $0["frame"] as? Int }).count == 6)
        let errors = lines.filter { $0["event"] as? String == "error" }
        #expect(errors.count == 1)
        #expect(errors.first?["source"] as? String == "images/a/broken.png")
        // The path once: the image error's message does not repeat it.
        #expect(r.stderr.contains("scanctl: error: input 'inbox': images/a/broken.png: not an image (no PNG,"))
        #expect(errors.first?["message"] as? String == "not an image (no PNG, JPEG, WebP or PGM/PPM signature)")
        #expect(
            r.stderr.contains(
                "scanctl: session 'batch': 6 frames, 6 symbols, 0 dropped frames, 1 error, 0 undelivered events"))
        #expect(r.stderr.contains(" s); FAILED: 1 item failed\n"))
    }

    @Test func globsAndTextOutput() throws {
        let dir = try makeTree()
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: inbox, type: file, paths: ["images/**/ean*.png", "images/*.jpg"] }]
            outputs: [{ id: out, type: stdout, format: text, events: [confirmed] }]
            connections: [{ from: inbox, to: out }]
            """)
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // Each line names its file; the files come in sorted order, each entry's matches in turn.
        #expect(
            r.stdout.split(separator: "\n") == [
                "images/a/b/ean8-96385074.png: ean8 (product): 96385074",
                "images/a/ean13-4006381333931.png: ean13 (product): 4006381333931",
                "images/ean13-rotated-5012345678900.png: ean13 (product): 5012345678900",
                "images/photo-upca-036000291452.jpg: upca (product): 036000291452",
            ])
        #expect(r.stderr.contains("session 's': 4 frames, 4 symbols"))
    }

    @Test func demoSessionPrintsTheSampleCodes() throws {
        // A debug build decodes the 17 samples in ~25 s of CPU time.
        let r = try ScanctlProcess.run(
            ["run", "sessions/demo.yaml"], directory: ScanctlProcess.repository.path, timeout: 600)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // One sample of every symbology, in file order, with its value type: what README.md shows.
        let expected = [
            "samples/aztec-geo.png: aztec (geo): 52.37310,4.89220",
            "samples/codabar.png: codabar: 40156",
            "samples/code128-gs1.png: code128 (gs1): (01)05000456112253(10)COV0109(17)261231",
            "samples/code39.png: code39: SCANCTL-39",
            "samples/code93.png: code93: CODE 93 DEMO",
            "samples/datamatrix-contact.webp: datamatrix (contact_info): Jane Doe",
            "samples/ean13-4006381333931.png: ean13 (product): 4006381333931",
            "samples/ean13-addon-9780306406157-51299.png: ean13 (isbn): 9780306406157 51299",
            "samples/ean13-rotated-5012345678900.png: ean13 (product): 5012345678900",
            "samples/ean8-96385074.png: ean8 (product): 96385074",
            "samples/itf14.png: itf: 15400141288763",
            "samples/pdf417-vcard.png: pdf417 (contact_info): Jane Doe",
            "samples/photo-upca-036000291452.jpg: upca (product): 036000291452",
            "samples/qrcode-url.png: qrcode (url): https://example.com/scanctl",
            "samples/qrcode-wifi.png: qrcode (wifi): Warehouse-5G",
            "samples/upca-036000291452.png: upca (product): 036000291452",
            "samples/upce-01234565.png: upce (product): 01234565",
        ]
        #expect(r.stdout == expected.map { $0 + "\n" }.joined())
        #expect(r.stderr.hasPrefix("scanctl: session 'demo': 17 frames, 17 symbols, 0 dropped frames, 0 errors,"))
        // README.md's first screen is this output.
        let readme = try String(
            contentsOf: ScanctlProcess.repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(r.stdout))
    }

    @Test func configurationErrorsExitTwoBeforeAnythingRuns() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: inbox, type: file, paths: [x] }]
            outputs: [{ id: out, type: file, path: out.jsonl }]
            connections: [{ from: inbox, to: out, symbologies: [bogus] }]
            """)
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path)
        #expect(r.status == 2)
        #expect(r.stderr.contains("s.yaml:3:53: error: unknown symbology 'bogus'"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.jsonl")))
        #expect(try ScanctlProcess.run(["run", "--max-events", "0", "s.yaml"], directory: dir.path).status == 2)
    }
}
