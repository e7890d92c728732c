import Foundation
import ScanCore
import ScanImageIO

/// Renders PDF417 fixtures at test time with Debian's `zint` into a temporary directory and loads them
/// through ScanImageIO; geometric helpers (rotation by any angle, mirroring, pages of several symbols).
enum PDF417Fixture {
    static let zint = ["/usr/bin/zint", "/usr/local/bin/zint"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { zint != nil }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Renders `data` (given to zint through a file) with `-b symbology` and extra arguments.
    static func render(_ data: [UInt8], _ arguments: [String] = [], symbology: String = "PDF417", scale: Double = 2)
        throws -> LuminanceImage
    {
        try runZint { dir, output in
            let input = dir.appendingPathComponent("data.bin")
            try Data(data).write(to: input)
            let s = scale == scale.rounded() ? String(Int(scale)) : String(scale)
            return ["-b", symbology, "--quietzones", "--scale=\(s)", "-o", output.path, "-i", input.path] + arguments
        }
    }

    /// Runs zint with the arguments `arguments(folder, output)` gives, in a fresh temporary folder, and
    /// loads the PNG it writes to `output`.
    static func runZint(_ arguments: (URL, URL) throws -> [String]) throws -> LuminanceImage {
        guard let zint else { throw Failure(description: "zint not installed") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdf417tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("symbol.png")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: zint)
        p.arguments = try arguments(dir, output)
        let err = Pipe()
        p.standardError = err
        p.standardOutput = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 || FileManager.default.fileExists(atPath: output.path) else {
            throw Failure(description: "zint failed: \(message)")
        }
        return try ImageReader.read(contentsOf: output.path).luminance()
    }

    static func render(_ text: String, _ arguments: [String] = [], symbology: String = "PDF417", scale: Double = 2)
        throws -> LuminanceImage
    {
        try render(Array(text.utf8), arguments, symbology: symbology, scale: scale)
    }

    /// Renders text segments, each with its ECI (zint `--eci` and `--seg1`…`--seg9`; zint converts each
    /// segment's text to its ECI's character set). zint takes segments on the command line only.
    static func render(segments: [(eci: Int, text: String)], symbology: String = "PDF417", scale: Int = 2)
        throws -> LuminanceImage
    {
        guard let first = segments.first else { throw Failure(description: "no segment") }
        return try runZint { _, output in
            ["-b", symbology, "--quietzones", "--scale=\(scale)", "-o", output.path]
                + ["--eci=\(first.eci)", "-d", first.text]
                + segments.dropFirst().enumerated().map { "--seg\($0.offset + 1)=\($0.element.eci),\($0.element.text)" }
        }
    }
}

extension LuminanceImage {
    /// Rotated by `degrees` (clockwise on screen) about its centre onto a white canvas large enough to
    /// hold it, with bilinear resampling.
    func rotated(by degrees: Double) -> LuminanceImage {
        let a = degrees * Double.pi / 180
        let c = cos(a), s = sin(a)
        let w = Double(width), h = Double(height)
        let nw = Int((abs(w * c) + abs(h * s)).rounded(.up)) + 2
        let nh = Int((abs(w * s) + abs(h * c)).rounded(.up)) + 2
        var out = [UInt8](repeating: 255, count: nw * nh)
        let cx = w / 2, cy = h / 2, ncx = Double(nw) / 2, ncy = Double(nh) / 2
        for y in 0..<nh {
            for x in 0..<nw {
                // Inverse rotation of the destination pixel centre.
                let dx = Double(x) + 0.5 - ncx, dy = Double(y) + 0.5 - ncy
                let sx = c * dx + s * dy + cx - 0.5, sy = -s * dx + c * dy + cy - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0), fy = sy - Double(y0)
                func at(_ i: Int, _ j: Int) -> Double {
                    i >= 0 && j >= 0 && i < width && j < height ? Double(self[i, j]) : 255
                }
                let v = (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
                    + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
                out[y * nw + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return LuminanceImage(width: nw, height: nh, pixels: out)
    }

    /// Resized by `sx` across and `sy` down with bilinear resampling (pixel centres mapped onto each other).
    func scaled(_ sx: Double, _ sy: Double) -> LuminanceImage {
        let nw = Int((Double(width) * sx).rounded()), nh = Int((Double(height) * sy).rounded())
        var out = [UInt8](repeating: 255, count: nw * nh)
        for y in 0..<nh {
            for x in 0..<nw {
                let fx = min(max((Double(x) + 0.5) / sx - 0.5, 0), Double(width - 1))
                let fy = min(max((Double(y) + 0.5) / sy - 0.5, 0), Double(height - 1))
                let x0 = Int(fx), y0 = Int(fy), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
                let ax = fx - Double(x0), ay = fy - Double(y0)
                let v = (Double(self[x0, y0]) * (1 - ax) + Double(self[x1, y0]) * ax) * (1 - ay)
                    + (Double(self[x0, y1]) * (1 - ax) + Double(self[x1, y1]) * ax) * ay
                out[y * nw + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return LuminanceImage(width: nw, height: nh, pixels: out)
    }

    /// Resized by `sx` across and `sy` down by nearest-neighbour sampling (no smoothing: every edge lands
    /// on a pixel boundary, as in an aliased rendering).
    func aliased(_ sx: Double, _ sy: Double) -> LuminanceImage {
        let nw = Int((Double(width) * sx).rounded()), nh = Int((Double(height) * sy).rounded())
        var out = [UInt8](repeating: 255, count: nw * nh)
        for y in 0..<nh {
            for x in 0..<nw {
                let fx = min(Int((Double(x) + 0.5) / sx), width - 1), fy = min(Int((Double(y) + 0.5) / sy), height - 1)
                out[y * nw + x] = self[fx, fy]
            }
        }
        return LuminanceImage(width: nw, height: nh, pixels: out)
    }

    /// Mirrored left–right.
    func mirrored() -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + (width - 1 - x)] = self[x, y] } }
        return LuminanceImage(width: width, height: height, pixels: out)
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

    /// Warped by a perspective transform taking this image's corners to `corners` on a white canvas.
    func warped(to corners: [Point], width nw: Int, height nh: Int) -> LuminanceImage {
        let w = Double(width), h = Double(height)
        let t = PerspectiveTransform(
            from: (corners[0], corners[1], corners[2], corners[3]),
            to: (Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)))
        var out = [UInt8](repeating: 255, count: nw * nh)
        for y in 0..<nh {
            for x in 0..<nw {
                let p = t.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let sx = p.x - 0.5, sy = p.y - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0), fy = sy - Double(y0)
                func at(_ i: Int, _ j: Int) -> Double {
                    i >= 0 && j >= 0 && i < width && j < height ? Double(self[i, j]) : 255
                }
                let v = (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
                    + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
                out[y * nw + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return LuminanceImage(width: nw, height: nh, pixels: out)
    }
}
