import Foundation
import ScanCore

/// A grey image being drawn and damaged (row-major, 0 black … 255 white, not yet rounded), and where the
/// symbol lies in it.
public struct StressImage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [Float]
    /// The symbol's placement: module coordinates (x across, y down, origin at the symbol's top-left,
    /// quiet zone outside) to pixels.
    public var frame: SymbolFrame

    /// Where the symbol lies: its centre in pixels, the turn, pixels per module and its size in modules.
    public struct SymbolFrame: Sendable {
        public var centreX: Double
        public var centreY: Double
        public var angle: Double
        public var scale: Double
        public var width: Double
        public var height: Double

        /// The pixel position of the point at fractions (`fx`, `fy`) of the symbol's width and height.
        public func point(_ fx: Double, _ fy: Double) -> (x: Double, y: Double) {
            let ux = (fx - 0.5) * width * scale
            let uy = (fy - 0.5) * height * scale
            let c = cos(angle), s = sin(angle)
            return (centreX + c * ux - s * uy, centreY + s * ux + c * uy)
        }

        /// Module coordinates of pixel position (`x`, `y`).
        func modules(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let dx = x - centreX, dy = y - centreY
            let c = cos(angle), s = sin(angle)
            return ((c * dx + s * dy) / scale + width / 2, (-s * dx + c * dy) / scale + height / 2)
        }

        /// The symbol's corners in pixels.
        var corners: [(x: Double, y: Double)] { [point(0, 0), point(1, 0), point(1, 1), point(0, 1)] }
    }

    /// Draws `symbol` on paper: the scene's module size, bar height, quiet zone, turn and greys, each pixel
    /// the mean of 3 × 3 samples (edges between modules come out grey, as on a camera).
    public static func draw(_ symbol: StressModules, scene: StressScene) -> StressImage {
        let m = symbol.modules
        let rowHeight: Double
        switch symbol.kind {
        case .linear: rowHeight = scene.barHeight
        case .stacked: rowHeight = scene.barHeight
        case .matrix: rowHeight = 1
        }
        let w = Double(m.width), h = Double(m.height) * rowHeight
        let s = scene.moduleSize
        let q = scene.quietZone
        let a = scene.rotation * Double.pi / 180
        let boxW = (w + 2 * q) * s, boxH = (h + 2 * q) * s
        let pw = Int((abs(boxW * cos(a)) + abs(boxH * sin(a))).rounded(.up)) + 2
        let ph = Int((abs(boxW * sin(a)) + abs(boxH * cos(a))).rounded(.up)) + 2
        let frame = SymbolFrame(
            centreX: Double(pw) / 2, centreY: Double(ph) / 2, angle: a, scale: s, width: w, height: h)
        var px = [Float](repeating: Float(scene.light), count: pw * ph)
        let dark = Float(scene.dark), light = Float(scene.light)
        // Only pixels near the symbol can be dark.
        let xs = frame.corners.map(\.x), ys = frame.corners.map(\.y)
        let x0 = max(0, Int((xs.min() ?? 0) - 2)), x1 = min(pw - 1, Int((xs.max() ?? 0) + 2))
        let y0 = max(0, Int((ys.min() ?? 0) - 2)), y1 = min(ph - 1, Int((ys.max() ?? 0) + 2))
        let offsets: [Double] = [1.0 / 6, 0.5, 5.0 / 6]
        let bits = m.bits
        let mw = m.width, mh = m.height
        if x0 <= x1 && y0 <= y1 {
            for y in y0...y1 {
                for x in x0...x1 {
                    var hits = 0
                    for oy in offsets {
                        for ox in offsets {
                            let p = frame.modules(Double(x) + ox, Double(y) + oy)
                            guard p.x >= 0, p.y >= 0, p.x < w, p.y < h else { continue }
                            let c = min(mw - 1, Int(p.x)), r = min(mh - 1, Int(p.y / rowHeight))
                            if bits[r * mw + c] != 0 { hits += 1 }
                        }
                    }
                    if hits > 0 { px[y * pw + x] = light + (dark - light) * Float(hits) / 9 }
                }
            }
        }
        return StressImage(width: pw, height: ph, pixels: px, frame: frame)
    }

    /// The image as 8-bit luminance.
    public var luminance: LuminanceImage {
        LuminanceImage(
            width: width, height: height, pixels: pixels.map { UInt8(max(0, min(255, $0.rounded()))) })
    }
}
