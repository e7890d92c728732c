import Foundation
import Synchronization
import Testing

/// `scanctl generate` run as a process; what it writes is read back with `scanctl decode`.
@Suite(.serialized) struct GenerateCommandTests {
    let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("scanctl-generate-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func decodeJSON(_ file: String) throws -> [[String: Any]] {
        let r = try ScanctlProcess.run(["decode", "--json", file])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        return r.jsonLines
    }

    @Test func qrCodePNGReadsBack() throws {
        let out = path("hello.png")
        let r = try ScanctlProcess.run([
            "generate", "--format", "qrcode", "--ec-level", "H", "--scale", "4", "--output", out, "Grüße, QR",
        ])
        #expect(r.status == 0 && r.stderr.isEmpty, "stderr: \(r.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(png[24] == 1 && png[25] == 3)  // IHDR: bit depth 1, colour type 3 (palette)
        let o = try #require(try decodeJSON(out).first)
        #expect(o["raw_value"] as? String == "Grüße, QR")
        #expect(o["error_correction_level"] as? String == "H")
    }

    @Test func code128GS1PNGEightBitReadsBack() throws {
        let out = path("gs1.png")
        let r = try ScanctlProcess.run([
            "generate", "--format", "code128", "--gs1", "--bit-depth", "8", "--scale", "2", "--output", out,
            "(01)05000456112253(10)COV0109(17)220901",
        ])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let o = try #require(try decodeJSON(out).first)
        #expect(o["format"] as? String == "code128")
        #expect(o["symbology_identifier"] as? String == "]C1")
        #expect(
            o["raw_bytes"] as? String
                == Data(Array("010500045611225310COV0109\u{1D}17220901".utf8)).base64EncodedString())
        // `text` is the GS1 data in HRI form; `raw_value` keeps the transmitted string with its GS.
        #expect(o["text"] as? String == "(01)05000456112253(10)COV0109(17)220901")
        #expect(o["raw_value"] as? String == "010500045611225310COV0109\u{1D}17220901")
    }

    @Test func svgAndTextOutput() throws {
        let svg = try ScanctlProcess.run([
            "generate", "--format", "qrcode", "--output", "-", "--type", "svg", "--scale", "3", "HELLO",
        ])
        #expect(svg.status == 0)
        // Version 1 (21 modules) and the quiet zone of 4 on each side: 29 modules, 87 units.
        #expect(svg.stdout.contains("width=\"87\" height=\"87\" viewBox=\"0 0 29 29\""))
        let text = try ScanctlProcess.run(["generate", "--format", "qrcode", "--no-ansi", "HELLO"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 15)  // 29 module rows, two per line
        #expect(lines.allSatisfy { $0.count == 29 })
        // Line 2 holds module rows 4 and 5: column 4 is the top-left finder's corner and its left edge,
        // dark in both rows ('█'); column 5 is its top edge over the light ring ('▀').
        #expect(Array(lines[2])[4] == "█")
        #expect(Array(lines[2])[5] == "▀")
        #expect(!text.stdout.contains("\u{1B}["))
        let ansi = try ScanctlProcess.run(["generate", "--format", "qrcode", "--ansi", "HELLO"])
        #expect(ansi.stdout.hasPrefix("\u{1B}[30;107m"))
    }

    @Test func structuredAppendWritesNumberedFiles() throws {
        let out = path("set.png")
        let r = try ScanctlProcess.run([
            "generate", "--format", "qrcode", "--structured-append", "3", "--scale", "3", "--output", out,
            "A message long enough to be split over three QR Code symbols of one structured-append set.",
        ])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        for k in 1...3 {
            let o = try #require(try decodeJSON(path("set-\(k).png")).first)
            let sa = try #require(o["structured_append"] as? [String: Any])
            #expect(sa["index"] as? Int == k - 1)
            #expect(sa["count"] as? Int == 3)
        }
    }

    @Test func errorsAndExitStatuses() throws {
        let noFormat = try ScanctlProcess.run(["generate", "x"])
        #expect(noFormat.status == 2 && noFormat.stderr.contains("--format is required"))
        let badLevel = try ScanctlProcess.run(["generate", "--format", "qrcode", "--ec-level", "X", "x"])
        #expect(badLevel.status == 2 && badLevel.stderr.contains("--ec-level takes L, M, Q or H"))
        let badVersion = try ScanctlProcess.run(["generate", "--format", "qrcode", "--version", "41", "x"])
        #expect(badVersion.status == 2)
        let tooLong = try ScanctlProcess.run([
            "generate", "--format", "qrcode", "--version", "1", String(repeating: "x", count: 40),
        ])
        #expect(tooLong.status == 1)
        #expect(tooLong.stderr.contains("payload needs 332 bits; version 1-M holds 128"))
        let badGS1 = try ScanctlProcess.run(["generate", "--format", "code128", "--gs1", "(01)05000456112254"])
        #expect(badGS1.status == 1 && badGS1.stderr.contains("check digit"))
        let unknownAI = try ScanctlProcess.run(["generate", "--format", "code128", "--gs1", "(9876)x"])
        #expect(unknownAI.status == 1 && unknownAI.stderr.contains("(9876) is not a GS1 Application Identifier"))
        let notLatin1 = try ScanctlProcess.run(["generate", "--format", "code128", "日本"])
        #expect(notLatin1.status == 1 && notLatin1.stderr.contains("ISO/IEC 8859-1"))
        let badOutput = try ScanctlProcess.run(["generate", "--format", "qrcode", "--output", "code.gif", "x"])
        #expect(badOutput.status == 2)
        let noInput = try ScanctlProcess.run(["generate", "--format", "qrcode", "--input", path("missing.bin")])
        #expect(noInput.status == 2 && noInput.stderr.contains("cannot read"))
    }

    /// A drawing over the decoder's default pixel limit is refused before any memory is taken for it
    /// (this one would need 34 GB), and nothing is written.
    @Test func drawingsOverThePixelLimitAreRefused() throws {
        let out = path("huge.png")
        let huge = try ScanctlProcess.run([
            "generate", "--format", "qrcode", "--version", "40", "--scale", "1000", "--output", out, "a",
        ])
        #expect(huge.status == 1)
        #expect(
            huge.stderr.contains(
                "the qrcode symbol would be 185 × 185 modules at 1000 per module, over the limit of 100000000 pixels"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let long = try ScanctlProcess.run([
            "generate", "--format", "code128", "--type", "text", "--output", path("long.txt"),
            String(repeating: "A", count: 5000),
        ])
        #expect(long.status == 1)
        #expect(long.stderr.contains("55055 × 8260 modules, over the limit of 100000000 characters"))
    }

    @Test func bytesFromInputFile() throws {
        let input = path("payload.bin")
        let bytes: [UInt8] = [0x00, 0xFF, 0x10, 0x81, 0x40, 0x7F]
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let out = path("bytes.png")
        let r = try ScanctlProcess.run([
            "generate", "--format", "qrcode", "--scale", "4", "--input", input, "--output", out,
        ])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let o = try #require(try decodeJSON(out).first)
        #expect(o["raw_bytes"] as? String == Data(bytes).base64EncodedString())
    }

    /// Standard output that refuses the drawing (a full device) is an error naming it, exit 2; it was a
    /// crash (SIGILL) on an unchecked write.
    @Test func anUnwritableStandardOutputIsAnError() throws {
        for type in ["png", "svg", "text"] {
            let r = try ScanctlProcess.run(
                ["generate", "--format", "qrcode", "--type", type, "hi"], standardOutputTo: "/dev/full")
            #expect(r.status == 2, "\(type): \(r.stderr)")
            #expect(r.stderr.contains("standard output: cannot write"), "\(type): \(r.stderr)")
        }
    }

    /// `--output` through a symbolic link writes the file it names and keeps the link; a FIFO is written
    /// in place (an atomic rename replaced both with a new file).
    @Test func outputThroughASymlinkOrAFIFO() throws {
        let target = path("target.png"), link = path("link.png"), fifo = path("pipe.png")
        FileManager.default.createFile(atPath: target, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let r = try ScanctlProcess.run(["generate", "--format", "qrcode", "--output", link, "via link"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try decodeJSON(target).first?["raw_value"] as? String == "via link")

        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = DispatchQueue.global()
        let received = Mutex<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        reader.async {
            let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            received.withLock { $0 = data }
            done.signal()
        }
        let w = try ScanctlProcess.run(["generate", "--format", "qrcode", "--type", "svg", "--output", fifo, "fifo"])
        #expect(w.status == 0, "stderr: \(w.stderr)")
        #expect(done.wait(timeout: .now() + 10) == .success)
        var info = stat()
        #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        let svg = String(decoding: received.withLock { $0 } ?? Data(), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"), "read: \(svg.prefix(40))")
    }
}
