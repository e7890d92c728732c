import Foundation
import ScanCore
import ScanImageIO

/// Renders QR Code fixtures at test time with Debian's `zint` (scripts/install-deps.sh installs it) into
/// a temporary directory, and loads them through ScanImageIO.
enum Zint {
    static let path = ["/usr/bin/zint", "/usr/local/bin/zint"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { path != nil }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Renders `data` (bytes, given to zint through an input file) with extra zint arguments
    /// (e.g. `--secure=2`, `--vers=5`, `--mask=3`, `--eci=26`, `--binary`) and returns its luminance.
    static func render(_ data: [UInt8], _ arguments: [String] = [], scale: Int = 2) throws -> LuminanceImage {
        guard let zint = path else { throw Failure(description: "zint not installed") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qrtests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("data.bin")
        let output = dir.appendingPathComponent("symbol.png")
        try Data(data).write(to: input)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: zint)
        p.arguments = ["-b", "QRCODE", "--quietzones", "--scale=\(scale)", "-o", output.path, "-i", input.path] + arguments
        let err = Pipe()
        p.standardError = err
        p.standardOutput = err
        try p.run()
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard p.terminationStatus == 0 || FileManager.default.fileExists(atPath: output.path) else {
            throw Failure(description: "zint failed: \(message)")
        }
        return try ImageReader.read(contentsOf: output.path).luminance()
    }

    static func render(_ text: String, _ arguments: [String] = [], scale: Int = 2) throws -> LuminanceImage {
        try render(Array(text.utf8), arguments, scale: scale)
    }
}

extension LuminanceImage {
    /// Mirrored left–right.
    func mirrored() -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + (width - 1 - x)] = self[x, y] } }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// A white page of the given size with `images` pasted at the given top-left positions.
    static func page(width: Int, height: Int, _ images: [(LuminanceImage, Int, Int)]) -> LuminanceImage {
        var out = [UInt8](repeating: 255, count: width * height)
        for (img, ox, oy) in images {
            for y in 0..<img.height where oy + y < height {
                for x in 0..<img.width where ox + x < width { out[(oy + y) * width + ox + x] = img[x, y] }
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }
}
