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

    /// The image seen in perspective: its four corners (top-left, top-right, bottom-right, bottom-left)
    /// placed at `quad` in a white `width × height` image, bilinear resampling.
    func warped(onto quad: [Point], width: Int, height: Int) -> LuminanceImage {
        let w = Double(self.width), h = Double(self.height)
        let toSource = PerspectiveTransform(
            from: (quad[0], quad[1], quad[2], quad[3]), to: (Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)))
        var out = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = toSource.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let fx = p.x - 0.5, fy = p.y - 0.5
                guard fx >= 0, fy >= 0, fx < w - 1, fy < h - 1 else { continue }
                let x0 = Int(fx), y0 = Int(fy)
                let ax = fx - Double(x0), ay = fy - Double(y0)
                let top = Double(self[x0, y0]) * (1 - ax) + Double(self[x0 + 1, y0]) * ax
                let bottom = Double(self[x0, y0 + 1]) * (1 - ax) + Double(self[x0 + 1, y0 + 1]) * ax
                out[y * width + x] = UInt8((top * (1 - ay) + bottom * ay).rounded())
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// A symbol rendered with square modules of `module` pixels after a `margin`, redrawn with round
    /// modules: each dark data module a dot of 0.6 modules' diameter, each finder pattern as concentric
    /// circles (ring, light ring, disc) of the same widths.
    func circularModules(module: Int, margin: Int) -> LuminanceImage {
        let n = (width - 2 * margin) / module
        let m = Double(module)
        var out = [UInt8](repeating: 255, count: width * height)
        func isDark(_ i: Int, _ j: Int) -> Bool { self[margin + i * module + module / 2, margin + j * module + module / 2] < 128 }
        let finderCentres = [(3.5, 3.5), (Double(n) - 3.5, 3.5), (3.5, Double(n) - 3.5)]
        func inFinder(_ i: Int, _ j: Int) -> Bool { (i < 7 && j < 7) || (i >= n - 7 && j < 7) || (i < 7 && j >= n - 7) }
        for y in 0..<height {
            for x in 0..<width {
                let u = (Double(x) + 0.5 - Double(margin)) / m, v = (Double(y) + 0.5 - Double(margin)) / m
                guard u >= 0, v >= 0, u < Double(n), v < Double(n) else { continue }
                let i = Int(u), j = Int(v)
                var dark = false
                if inFinder(i, j) {
                    for (cx, cy) in finderCentres {
                        let r = ((u - cx) * (u - cx) + (v - cy) * (v - cy)).squareRoot()
                        if r < 3.5 && (r >= 2.5 || r < 1.5) { dark = true }
                    }
                } else if isDark(i, j) {
                    let du = u - Double(i) - 0.5, dv = v - Double(j) - 0.5
                    dark = (du * du + dv * dv).squareRoot() < 0.3
                }
                if dark { out[y * width + x] = 0 }
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }
}
