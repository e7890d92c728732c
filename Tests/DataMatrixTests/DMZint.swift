import Foundation
import ScanCore
import ScanImageIO

/// Renders Data Matrix fixtures at test time with Debian's `zint` (scripts/install-deps.sh installs it)
/// into a temporary directory, and loads them through ScanImageIO.
enum DMZint {
    static let path = ["/usr/bin/zint", "/usr/local/bin/zint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var available: Bool { path != nil }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Renders `data` (bytes, passed through an input file) with extra zint arguments (`--vers=N`,
    /// `--square`, `--dmre`, `--gs1`, `--eci=N`, `--binary`, `--structapp=I,C,ID` …).
    static func render(_ data: [UInt8], _ arguments: [String] = [], scale: Int = 2, quietZones: Bool = true)
        throws -> LuminanceImage
    {
        guard let zint = path else { throw Failure(description: "zint not installed") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dmtests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("data.bin")
        let output = dir.appendingPathComponent("symbol.png")
        try Data(data).write(to: input)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: zint)
        p.arguments =
            [
                "-b", "DATAMATRIX", quietZones ? "--quietzones" : "--noquietzones", "--scale=\(scale)",
                "-o", output.path, "-i", input.path,
            ] + arguments
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

    static func render(_ text: String, _ arguments: [String] = [], scale: Int = 2, quietZones: Bool = true)
        throws -> LuminanceImage
    {
        try render(Array(text.utf8), arguments, scale: scale, quietZones: quietZones)
    }

    /// zint's codewords for `text` (`--dump` prints the module rows; not used) — helper kept minimal.
}

extension LuminanceImage {
    /// Mirrored left–right.
    func dmMirrored() -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + (width - 1 - x)] = self[x, y] } }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// A white page of the given size with `images` pasted at the given top-left positions.
    static func dmPage(width: Int, height: Int, _ images: [(LuminanceImage, Int, Int)]) -> LuminanceImage {
        var out = [UInt8](repeating: 255, count: width * height)
        for (img, ox, oy) in images {
            for y in 0..<img.height where oy + y < height {
                for x in 0..<img.width where ox + x < width { out[(oy + y) * width + ox + x] = img[x, y] }
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// Rotated by `degrees` about the centre on a white page large enough to hold it (bilinear).
    func dmRotated(_ degrees: Double) -> LuminanceImage {
        let a = degrees * Double.pi / 180
        let ca = cos(a)
        let sa = sin(a)
        let side = Int((Double(max(width, height)) * 1.5).rounded(.up))
        var out = [UInt8](repeating: 255, count: side * side)
        let cx = Double(width) / 2
        let cy = Double(height) / 2
        let oc = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - oc
                let dy = Double(y) + 0.5 - oc
                let sx = ca * dx + sa * dy + cx - 0.5
                let sy = -sa * dx + ca * dy + cy - 0.5
                guard sx >= 0, sy >= 0, sx < Double(width - 1), sy < Double(height - 1) else { continue }
                let x0 = Int(sx)
                let y0 = Int(sy)
                let fx = sx - Double(x0)
                let fy = sy - Double(y0)
                let v =
                    Double(self[x0, y0]) * (1 - fx) * (1 - fy) + Double(self[x0 + 1, y0]) * fx * (1 - fy)
                    + Double(self[x0, y0 + 1]) * (1 - fx) * fy + Double(self[x0 + 1, y0 + 1]) * fx * fy
                out[y * side + x] = UInt8(min(255, max(0, v.rounded())))
            }
        }
        return LuminanceImage(width: side, height: side, pixels: out)
    }
}
