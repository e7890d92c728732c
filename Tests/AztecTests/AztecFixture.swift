import Foundation
import ScanCore
import ScanImageIO

/// Renders Aztec fixtures at test time with Debian's `zint` (scripts/install-deps.sh installs it) into a
/// temporary directory and loads them through ScanImageIO.
enum AztecFixture {
    static let zint = ["/usr/bin/zint", "/usr/local/bin/zint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var available: Bool { zint != nil }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Renders `data` (passed to zint through a file) as `symbology` (`AZTEC` or `AZRUNE`) with extra zint
    /// arguments (`--vers=N`, `--secure=N`, `--gs1`, `--eci=N`, `--binary`, `--structapp=I,C,ID`, `--init`).
    static func render(_ data: [UInt8], _ arguments: [String] = [], symbology: String = "AZTEC", scale: Int = 2)
        throws -> LuminanceImage
    {
        guard let zint else { throw Failure(description: "zint not installed") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aztec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("data.bin")
        let output = dir.appendingPathComponent("symbol.png")
        try Data(data).write(to: input)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: zint)
        p.arguments = ["-b", symbology, "--scale=\(scale)", "-o", output.path, "-i", input.path] + arguments
        let pipe = Pipe()
        p.standardError = pipe
        p.standardOutput = pipe
        try p.run()
        p.waitUntilExit()
        let message = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard FileManager.default.fileExists(atPath: output.path) else {
            throw Failure(description: "zint failed: \(message)")
        }
        return try ImageReader.read(contentsOf: output.path).luminance()
    }

    static func render(_ text: String, _ arguments: [String] = [], symbology: String = "AZTEC", scale: Int = 2)
        throws -> LuminanceImage
    {
        try render(Array(text.utf8), arguments, symbology: symbology, scale: scale)
    }
}

extension LuminanceImage {
    /// A white margin of `margin` pixels around the image.
    func padded(_ margin: Int) -> LuminanceImage {
        let w = width + 2 * margin
        let h = height + 2 * margin
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<height { for x in 0..<width { out[(y + margin) * w + x + margin] = self[x, y] } }
        return LuminanceImage(width: w, height: h, pixels: out)
    }

    /// Mirrored left–right.
    func mirroredHorizontally() -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + (width - 1 - x)] = self[x, y] } }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// Rotated by `degrees` about the centre onto a white canvas large enough to hold it (bilinear).
    func rotated(by degrees: Double) -> LuminanceImage {
        let a = degrees * Double.pi / 180
        let c = cos(a)
        let s = sin(a)
        let side = Int((Double(max(width, height)) * 1.5).rounded(.up))
        var out = [UInt8](repeating: 255, count: side * side)
        let cx = Double(width) / 2
        let cy = Double(height) / 2
        let ox = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - ox
                let dy = Double(y) + 0.5 - ox
                let sx = c * dx + s * dy + cx - 0.5
                let sy = -s * dx + c * dy + cy - 0.5
                let x0 = Int(sx.rounded(.down))
                let y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0)
                let fy = sy - Double(y0)
                func at(_ x: Int, _ y: Int) -> Double {
                    x >= 0 && y >= 0 && x < width && y < height ? Double(self[x, y]) : 255
                }
                let v =
                    (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
                    + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
                out[y * side + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return LuminanceImage(width: side, height: side, pixels: out)
    }

    /// A white page with `images` pasted at the given top-left positions.
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
