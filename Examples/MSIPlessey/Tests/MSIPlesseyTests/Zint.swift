import Foundation
import ScanCore
import ScanImageIO

/// Renders symbols with Debian's `zint` (scanctl's `make setup` installs it) into a temporary folder and
/// reads them back through ScanImageIO.
enum Zint {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The luminance of `data` rendered as MSI Plessey with check digit scheme `version` (zint's
    /// `--vers`: 0 none, 1 mod 10, 2 mod 10/10, 3 mod 11, 4 mod 11/10) and `extra` zint arguments.
    static func msi(_ data: String, version: Int, scale: Int = 2, _ extra: [String] = []) throws -> LuminanceImage {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("symbol.png").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zint")
        p.arguments =
            ["-b", "MSI_PLESSEY", "--quietzones", "--scale=\(scale)", "-o", output, "-d", data]
            + (version > 0 ? ["--vers=\(version)"] : []) + extra
        let err = Pipe()
        p.standardError = err
        p.standardOutput = err
        try p.run()
        p.waitUntilExit()
        guard FileManager.default.fileExists(atPath: output) else {
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "zint failed: \(message)")
        }
        return try ImageReader.read(contentsOf: output).luminance()
    }
}

extension LuminanceImage {
    /// The image turned by 90° clockwise `quarterTurns` times.
    func rotated(quarterTurns: Int) -> LuminanceImage {
        var image = self
        for _ in 0..<(quarterTurns % 4) {
            var out = [UInt8](repeating: 0, count: image.width * image.height)
            let w = image.width
            let h = image.height
            for y in 0..<h { for x in 0..<w { out[x * h + (h - 1 - y)] = image[x, y] } }
            image = LuminanceImage(width: h, height: w, pixels: out)
        }
        return image
    }

    /// The image turned by `degrees` clockwise about its centre onto a white canvas large enough to hold
    /// it (bilinear resampling).
    func rotated(byDegrees degrees: Double) -> LuminanceImage {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        let w = Double(width), h = Double(height)
        let ow = Int((abs(w * c) + abs(h * s)).rounded(.up)), oh = Int((abs(w * s) + abs(h * c)).rounded(.up))
        var out = [UInt8](repeating: 255, count: ow * oh)
        for y in 0..<oh {
            for x in 0..<ow {
                // From the output pixel back into the source (the inverse rotation about both centres).
                let dx = Double(x) + 0.5 - Double(ow) / 2, dy = Double(y) + 0.5 - Double(oh) / 2
                let sx = dx * c + dy * s + w / 2 - 0.5, sy = -dx * s + dy * c + h / 2 - 0.5
                guard sx >= 0, sy >= 0, sx < w - 1, sy < h - 1 else { continue }
                let x0 = Int(sx), y0 = Int(sy), fx = sx - Double(x0), fy = sy - Double(y0)
                let top = Double(self[x0, y0]) * (1 - fx) + Double(self[x0 + 1, y0]) * fx
                let bottom = Double(self[x0, y0 + 1]) * (1 - fx) + Double(self[x0 + 1, y0 + 1]) * fx
                out[y * ow + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
            }
        }
        return LuminanceImage(width: ow, height: oh, pixels: out)
    }

    /// The image in the middle of a white margin of `margin` pixels on every side.
    func onLabel(margin: Int) -> LuminanceImage {
        .page(width: width + 2 * margin, height: height + 2 * margin, [(self, margin, margin)])
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
