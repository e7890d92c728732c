import Foundation
import ScanCore
import ScanImageIO
import Testing

/// What people used to zbarimg and ZXingReader expect: --raw, -q, -v, -V, '-' for standard input, pipes,
/// one JSON shape, plain messages.
@Suite(.serialized) struct CommandLineHabitsTests {
    let ean13 = ScanctlProcess.fixture("ean13.png")

    @Test func versionIsThePackageVersion() throws {
        for flag in ["--version", "-V"] {
            let r = try ScanctlProcess.run([flag])
            #expect(r.status == 0)
            #expect(r.stdout == "scanctl \(PackageVersion.current)\n")
        }
        #expect(PackageVersion.current.split(separator: ".").count == 3)
    }

    @Test func rawPrintsThePayloadOnly() throws {
        let r = try ScanctlProcess.run(["decode", "--raw", ean13, ScanctlProcess.fixture("upce.png")])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout == "4006381333931\n01234565\n")
        #expect(try ScanctlProcess.run(["decode", "--raw", "--json", ean13]).status == 2)
    }

    @Test func dashReadsOneImageFromStandardInput() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ean13)))
        let dir = try TemporaryDirectory()
        let r = try ScanctlProcess.run(["decode", "-"], directory: dir.path, stdin: bytes)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout == "ean13 (product): 4006381333931\n")
        let json = try ScanctlProcess.run(["decode", "--json", "-"], directory: dir.path, stdin: bytes)
        #expect(json.jsonLines.first?["file"] as? String == "-")
        let empty = try ScanctlProcess.run(["decode", "-"], directory: dir.path, stdin: [])
        #expect(empty.status == 2)
        #expect(empty.stderr == "scanctl: error: stdin: empty file\n")
        #expect(try ScanctlProcess.run(["decode", "-", "-"], directory: dir.path).status == 2)
    }

    @Test func quietKeepsErrorsAndVerboseTellsMore() throws {
        let bad = ScanctlProcess.fixture("not-an-image.jpg")
        let quiet = try ScanctlProcess.run(["-q", "decode", bad, ean13])
        #expect(quiet.status == 2)
        #expect(quiet.stdout == "\(ean13): ean13 (product): 4006381333931\n")
        // The path once, WebP among the formats, and nothing but the error on stderr.
        #expect(quiet.stderr == "scanctl: error: \(bad): not an image (no PNG, JPEG, WebP or PGM/PPM signature)\n")
        let verbose = try ScanctlProcess.run(["decode", "-v", ean13])
        #expect(verbose.stdout == "ean13 (product): 4006381333931\n")
        #expect(verbose.stderr.contains("scanctl: info: \(ean13): "))
        #expect(verbose.stderr.contains(" rgb24, 1 symbol, ") || verbose.stderr.contains(" gray8, 1 symbol, "))
        #expect(verbose.stderr.contains("scanctl: info: 1 image, 1 symbol, 0 unreadable, "))
    }

    /// A colour JPEG is read as its luma plane (gray8) for decoding alone, and in colour (rgb24) when an
    /// annotated copy is written, which keeps the colours (`ImageReader.read(…, luminanceOnly:)`).
    @Test func colourJPEGsAreReadInColourOnlyForAnnotatedCopies() throws {
        let grey = try ImageReader.read(contentsOf: ean13).luminance().packedPixels
        // Bars dark blue on light yellow: both colours are in the copy.
        var rgb: [UInt8] = []
        for v in grey { rgb += v < 128 ? [20, 30, 110] : [250, 240, 150] }
        let width = try ImageReader.read(contentsOf: ean13).width
        let jpeg = try rgb.withUnsafeBytes { bytes in
            try JPEGEncoder().encode(
                bytes, width: width, height: grey.count / width, stride: width * 3, layout: .rgb, quality: 95)
        }
        let dir = try TemporaryDirectory()
        try Data(jpeg).write(to: URL(fileURLWithPath: dir.file("colour.jpg")))
        let plain = try ScanctlProcess.run(["decode", "-v", "colour.jpg"], directory: dir.path)
        #expect(plain.stdout == "ean13 (product): 4006381333931\n", "stderr: \(plain.stderr)")
        #expect(plain.stderr.contains(" gray8, 1 symbol, "))
        let annotated = try ScanctlProcess.run(
            ["decode", "-v", "--annotate", "out", "colour.jpg"], directory: dir.path)
        #expect(annotated.stdout == "ean13 (product): 4006381333931\n", "stderr: \(annotated.stderr)")
        #expect(annotated.stderr.contains(" rgb24, 1 symbol, "))
        let copy = try ImageReader.read(contentsOf: dir.file("out/colour.png"))
        #expect(copy.format == .rgb24)
    }

    @Test func decodeFlagsAreTheSessionKeysWithOldSpellingsKept() throws {
        for flags in [
            ["--min-line-agreement", "1"], ["--no-try-harder"], ["--fast"], ["--ean-addon", "ignore"],
            ["--ean-add-on=ignore"], ["--no-try-rotate", "--no-rotate", "--try-invert"], ["--pure"],
        ] {
            let r = try ScanctlProcess.run(["decode"] + flags + [ean13])
            #expect(r.status == 0, "\(flags): \(r.stderr)")
        }
        let bad = try ScanctlProcess.run(["decode", "--min-line-agreement", "0", ean13])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("option --min-line-agreement takes a whole number from 1 to 1000, not '0'"))
        let choice = try ScanctlProcess.run(["decode", "--binarizer", "otsu", ean13])
        #expect(choice.stderr.contains("option --binarizer takes local or global_histogram, not 'otsu'"))
        #expect(try ScanctlProcess.run(["decode", "--pure=yes", ean13]).status == 2)
    }

    @Test func generateReadsPipesAndFIFOs() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.file("payload")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data("from a FIFO".utf8))
                try? handle.close()
            }
        }
        writer.start()
        let out = dir.file("code.png")
        let r = try ScanctlProcess.run(["generate", "--format", "qrcode", "--input", fifo, "--output", out])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(try ScanctlProcess.run(["decode", "--raw", out]).stdout == "from a FIFO\n")
        let missing = try ScanctlProcess.run(["generate", "--format", "qrcode", "--input", dir.file("none")])
        #expect(missing.stderr == "scanctl: error: \(dir.file("none")): cannot read: No such file or directory\n")
    }

    @Test func messagesAreNotFoundationDumps() throws {
        let r = try ScanctlProcess.run(["generate", "--format", "qrcode", "--output", "/nonexistent/x.png", "hi"])
        #expect(r.status == 2)
        #expect(r.stderr == "scanctl: error: /nonexistent/x.png: cannot write: No such file or directory\n")
    }

    @Test func pluginsAndDevicesBothPrintJSONLines() throws {
        let plugins = try ScanctlProcess.run(["plugins", "--json"])
        let lines = plugins.stdout.split(separator: "\n")
        #expect(lines.count == plugins.jsonLines.count && lines.count >= 10)
        #expect(plugins.jsonLines.allSatisfy { $0["name"] is String && $0["formats"] is [String] })
        let devices = try ScanctlProcess.run(["devices", "--json"])
        #expect(devices.status == 0)
        #expect(devices.stdout.split(separator: "\n").count == devices.jsonLines.count)
        #expect(!devices.stdout.hasPrefix("["))
    }

    @Test func fileInputsKeepTheirOrder() throws {
        // Twelve copies of two images: whatever order they finish decoding in, they print in file order.
        let dir = try TemporaryDirectory()
        var expected: [String] = []
        for i in 0..<12 {
            let name = String(format: "in/%02d.png", i)
            let source = i % 2 == 0 ? ean13 : ScanctlProcess.fixture("upce.png")
            try FileManager.default.createDirectory(atPath: dir.file("in"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: dir.file(name))
            expected.append(name + (i % 2 == 0 ? ": ean13 (product): 4006381333931" : ": upce (product): 01234565"))
        }
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: in, type: file, paths: [in] }]
            outputs: [{ id: out, type: stdout, format: text, events: [confirmed] }]
            connections: [{ from: in, to: out, symbologies: [ean13, upce] }]
            """)
        for _ in 0..<2 {
            let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path)
            #expect(r.status == 0, "stderr: \(r.stderr)")
            #expect(r.stdout.split(separator: "\n").map(String.init) == expected)
        }
    }

    @Test func quietRunPrintsNoSummary() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: in, type: file, paths: ["\(ean13)"] }]
            outputs: [{ id: out, type: stdout, format: raw }]
            connections: [{ from: in, to: out }]
            """)
        let r = try ScanctlProcess.run(["run", "-q", "s.yaml"], directory: dir.path)
        #expect(r.status == 0)
        #expect(r.stdout == "4006381333931\n")
        #expect(r.stderr == "")
        let verbose = try ScanctlProcess.run(["-v", "run", "s.yaml"], directory: dir.path)
        #expect(verbose.stderr.contains("scanctl: info: session 's': input 'in': files \(ean13)\n"))
        #expect(
            verbose.stderr.contains(
                "scanctl: info: session 's': output 'out': stdout, raw (detected, confirmed, lost)\n"))
        #expect(verbose.stderr.contains("scanctl: info: session 's': in → out: every format\n"))
        #expect(verbose.stderr.contains("scanctl: session 's': 1 frame, 1 symbol,"))
    }
}
