import Foundation
import ScanCore
import ScanImageIO
import Testing

@Suite("Malformed input")
struct MalformedInputTests {
    static let png: [UInt8] = TestPNG.make(width: 20, height: 12, bitDepth: 8, colorType: .rgb) { x, y in
        [x * 12, y * 20, 99]
    }
    static let interlacedPNG: [UInt8] = TestPNG.make(
        width: 20, height: 12, bitDepth: 16, colorType: .grayAlpha, interlaced: true
    ) { x, y in [x * 3000, 65535] }
    static let jpeg: [UInt8] = TestJPEG.inserting(
        TestJPEG.exifSegment(orientation: 6, bigEndian: false),
        into: TestJPEG.encode(
            (0..<(24 * 16 * 3)).map { UInt8($0 % 251) }, width: 24, height: 16, channels: 3, progressive: false))
    static let progressiveJPEG: [UInt8] = TestJPEG.encode(
        (0..<(24 * 16)).map { UInt8($0 % 253) }, width: 24, height: 16, channels: 1, progressive: true)
    static let pgm: [UInt8] = Array("P5\n# c\n6 4\n255\n".utf8) + (0..<24).map { UInt8($0 * 10) }
    static let ppmText: [UInt8] = Array("P3\n2 2\n255\n1 2 3 4 5 6\n7 8 9 10 11 12\n".utf8)

    /// Every prefix must give a typed error or a valid frame — never a crash or a hang.
    @Test(
        "truncation at every cut point is a typed error",
        arguments: [
            ("png", png), ("interlaced png", interlacedPNG), ("jpeg", jpeg), ("progressive jpeg", progressiveJPEG),
            ("pgm", pgm), ("ppm", ppmText),
        ])
    func truncation(_ label: String, _ bytes: [UInt8]) {
        for cut in 1..<bytes.count {
            let prefix = Array(bytes[0..<cut])
            do {
                let frame = try ImageReader.read(data: prefix, name: "cut.bin")
                // Only a cut after the last sample of an ASCII PNM, or a PNG missing just its IEND chunk
                // (all pixel data present), can still be whole.
                #expect(frame.width > 0 && frame.height > 0)
                let onlyIENDMissing = label.hasSuffix("png") && cut >= bytes.count - 12
                #expect(label == "ppm" || onlyIENDMissing, "\(label) cut at \(cut) decoded")
            } catch {
                #expect(error.path == "cut.bin")
                if cut > 40 && label != "ppm" {
                    // Past the header, a cut is reported as a truncation.
                    guard case .truncated = error else {
                        Issue.record("\(label) cut at \(cut) gave \(error)")
                        continue
                    }
                }
            }
        }
        // The whole file still decodes.
        #expect(throws: Never.self) { try ImageReader.read(data: bytes, name: "whole") }
    }

    @Test(
        "corrupted bytes anywhere give a typed error or a frame",
        arguments: [("png", png), ("jpeg", jpeg), ("pgm", pgm)])
    func corruption(_ label: String, _ bytes: [UInt8]) {
        var generator = SplitMix64(seed: 42)
        for round in 0..<300 {
            var damaged = bytes
            for _ in 0..<(1 + round % 4) {
                let at = Int(generator.next() % UInt64(damaged.count))
                damaged[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            do {
                let frame = try ImageReader.read(data: damaged, name: "bad")
                #expect(frame.pixels.count == frame.stride * frame.height)
            } catch {
                #expect(error.path == "bad")
            }
        }
    }

    @Test("a PNG with a damaged CRC or IHDR reports libpng's message as corrupt")
    func corruptPNG() {
        var bytes = Self.png
        bytes[29] ^= 0xFF  // IHDR CRC
        do {
            _ = try ImageReader.read(data: bytes, name: "crc.png")
            Issue.record("a bad IHDR CRC decoded")
        } catch {
            guard case .corrupt(let path, .png, let message) = error else { Issue.record("\(error)"); return }
            #expect(path == "crc.png" && !message.isEmpty)
        }
    }

    /// Bytes after the signature that are no chunk (its type not four letters) are damage, not a stream
    /// cut short, however long they run.
    @Test("a PNG whose chunk list breaks off into garbage is corrupt, not truncated")
    func garbageChunkIsCorrupt() {
        let bytes = Array(Self.png[0..<8]) + [UInt8](repeating: 0, count: 4096)
        do {
            _ = try ImageReader.read(data: bytes, name: "zeros.png")
            Issue.record("zeros after a PNG signature decoded")
        } catch {
            guard case .corrupt(let path, .png, let message) = error else { Issue.record("\(error)"); return }
            #expect(path == "zeros.png" && message.contains("invalid chunk type"))
        }
    }

    @Test("a JPEG missing its scan is truncated; garbage after SOI is corrupt")
    func corruptJPEG() {
        #expect(throws: ImageError.self) { try ImageReader.read(data: [0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3], name: "j") }
        #expect(throws: ImageError.self) { try ImageReader.read(data: [0xFF, 0xD8, 0xFF, 0xD9], name: "j") }
    }

    @Test("empty data, an empty file, a text file named .jpg and a missing path")
    func files() throws {
        #expect(throws: ImageError.emptyFile(path: "none")) { try ImageReader.read(data: [], name: "none") }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let empty = directory.appendingPathComponent("empty.png").path
        FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(throws: ImageError.emptyFile(path: empty)) { try ImageReader.read(contentsOf: empty) }

        let text = directory.appendingPathComponent("photo.jpg").path
        FileManager.default.createFile(atPath: text, contents: Data("hello, not a picture\n".utf8))
        #expect(throws: ImageError.unknownFormat(path: text)) { try ImageReader.read(contentsOf: text) }
        #expect(ImageError.unknownFormat(path: text).description.contains(text))

        let missing = directory.appendingPathComponent("missing.png").path
        #expect(throws: ImageError.fileNotFound(path: missing)) { try ImageReader.read(contentsOf: missing) }

        do {
            _ = try ImageReader.read(contentsOf: directory.path)
            Issue.record("a directory decoded")
        } catch {
            guard case .unreadable(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == directory.path)
        }

        // A PNG stored under a .pgm name is still read as PNG: the extension is never consulted.
        let misnamed = directory.appendingPathComponent("really-a-png.pgm").path
        FileManager.default.createFile(atPath: misnamed, contents: Data(Self.png))
        #expect(try ImageReader.read(contentsOf: misnamed).format == .rgb24)
    }

    @Test("headers declaring 20000×20000 fail fast against a low limit, before allocating")
    func tooLarge() {
        let limits = ImageLimits(maxPixels: 1_000_000)
        let expected = ImageError.tooLarge(path: "big", width: 20000, height: 20000, limit: 1_000_000)
        // A PNG header alone: IHDR for 20000×20000 8-bit RGB and nothing else (no pixel data at all).
        var ihdr = TestPNG.be32(20000) + TestPNG.be32(20000)
        ihdr += [8, 2, 0, 0, 0]
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPNG.chunk("IHDR", ihdr)
        #expect(throws: expected) { try ImageReader.read(data: png, name: "big", limits: limits) }
        // PNM header only.
        #expect(throws: expected) {
            try ImageReader.read(data: Array("P5 20000 20000 255\n".utf8), name: "big", limits: limits)
        }
        #expect(throws: expected) {
            try ImageReader.read(data: Array("P3 20000 20000 255 1 2 3".utf8), name: "big", limits: limits)
        }
        // A real JPEG checked against a limit below its size.
        let small = ImageLimits(maxPixels: 100)
        #expect(throws: ImageError.tooLarge(path: "j", width: 24, height: 16, limit: 100)) {
            try ImageReader.read(
                data: TestJPEG.encode([UInt8](repeating: 0, count: 24 * 16), width: 24, height: 16, channels: 1),
                name: "j", limits: small)
        }
        #expect(expected.description.contains("20000x20000"))
    }

    @Test("every error description names the file")
    func descriptions() {
        let errors: [ImageError] = [
            .fileNotFound(path: "f"), .unreadable(path: "f", reason: "r"), .emptyFile(path: "f"),
            .unknownFormat(path: "f"), .corrupt(path: "f", format: .png, message: "m"),
            .truncated(path: "f", format: .jpeg, message: "m"), .tooLarge(path: "f", width: 1, height: 2, limit: 1),
            .unsupported(path: "f", format: .pnm, what: "w"), .writeFailed(path: "f", message: "m"),
        ]
        for error in errors { #expect(error.description.hasPrefix("f: ") && error.path == "f") }
    }
}
