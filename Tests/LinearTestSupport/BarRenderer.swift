import Foundation
import ScanCore

/// Draws a linear symbol from its element widths into a ``LuminanceImage``, for tests.
///
/// ```swift
/// let image = BarRenderer(module: 3).render([1, 1, 3, 1, 1])   // bar, space, bar, space, bar
/// ```
///
/// Widths are in modules, bar first, alternating bar and space. The symbol stands on a light field with a
/// quiet zone on each side and a margin above and below; edges that fall inside a pixel are drawn with
/// partial coverage (anti-aliased). Optional degradations: ink spread (every bar wider by that many
/// pixels), horizontal Gaussian blur, and seeded Gaussian noise.
public struct BarRenderer: Sendable {
    /// Pixels per module.
    public var module: Double
    /// Quiet zone on each side, in modules.
    public var quietZone: Double = 12
    /// Bar height in pixels.
    public var barHeight = 30
    /// Light rows above and below the bars.
    public var margin = 6
    /// Pixels added to every bar's width (half on each side); negative thins bars.
    public var inkSpread = 0.0
    /// Gaussian blur sigma in pixels (0: none).
    public var blur = 0.0
    /// Gaussian noise sigma in grey levels (0: none).
    public var noise = 0.0
    /// Seed of the noise.
    public var seed: UInt64 = 1
    public var dark = 25.0
    public var light = 230.0

    public init(module: Double = 3) { self.module = module }

    /// The x positions (pixels) of the first bar's leading edge and of the last bar's trailing edge.
    public func span(_ widths: [Double]) -> (start: Double, end: Double) {
        let start = quietZone * module
        return (start, start + widths.reduce(0, +) * module)
    }

    public func render(_ widths: [Double]) -> LuminanceImage {
        let total = widths.reduce(0, +) + 2 * quietZone
        let width = Int((total * module).rounded(.up))
        let height = barHeight + 2 * margin
        // Coverage of each pixel column by bars.
        var coverage = [Double](repeating: 0, count: width)
        var x = quietZone * module
        for (k, wd) in widths.enumerated() {
            let w = wd * module
            if k % 2 == 0 {
                let a = max(0, x - inkSpread / 2)
                let b = min(Double(width), x + w + inkSpread / 2)
                if b > a {
                    for p in Int(a.rounded(.down))..<Int(b.rounded(.up)) {
                        let lo = max(a, Double(p))
                        let hi = min(b, Double(p + 1))
                        if hi > lo { coverage[p] = min(1, coverage[p] + hi - lo) }
                    }
                }
            }
            x += w
        }
        if blur > 0 { coverage = gaussian(coverage, sigma: blur) }
        var rng = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: UInt8(light), count: width * height)
        for y in margin..<(margin + barHeight) {
            for x in 0..<width {
                pixels[y * width + x] = clamp(light - coverage[x] * (light - dark))
            }
        }
        if noise > 0 {
            for i in pixels.indices { pixels[i] = clamp(Double(pixels[i]) + noise * rng.nextGaussian()) }
        }
        return LuminanceImage(width: width, height: height, pixels: pixels)
    }

    func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }

    func gaussian(_ v: [Double], sigma: Double) -> [Double] {
        let r = Int((3 * sigma).rounded(.up))
        let kernel = (-r...r).map { d in exp(-Double(d * d) / (2 * sigma * sigma)) }
        let sum = kernel.reduce(0, +)
        return v.indices.map { i in
            var acc = 0.0
            for (k, weight) in kernel.enumerated() {
                let j = min(v.count - 1, max(0, i + k - r))
                acc += weight * v[j]
            }
            return acc / sum
        }
    }
}


extension LuminanceImage {
    /// This image turned clockwise `quarterTurns` times.
    public func rotated(quarterTurns: Int) -> LuminanceImage {
        var img = self
        for _ in 0..<(quarterTurns % 4) { img = img.rotated90Clockwise() }
        return img
    }

    /// A noise image of the given size (no symbol), seeded.
    public static func noise(width: Int, height: Int, seed: UInt64) -> LuminanceImage {
        var rng = SplitMix64(seed: seed)
        let px = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        return LuminanceImage(width: width, height: height, pixels: px)
    }
}

extension LuminanceImage {
    /// The image turned by `degrees` (clockwise) about its centre, bilinear, on a `ground` large enough to
    /// hold it all.
    public func rotated(byDegrees degrees: Double, ground: UInt8 = 230) -> LuminanceImage {
        let a = degrees * Double.pi / 180, ca = cos(a), sa = sin(a)
        let w = Double(width), h = Double(height)
        let ow = Int((abs(w * ca) + abs(h * sa)).rounded(.up)), oh = Int((abs(w * sa) + abs(h * ca)).rounded(.up))
        let src = packedPixels
        var out = [UInt8](repeating: ground, count: ow * oh)
        for y in 0..<oh {
            for x in 0..<ow {
                let dx = Double(x) + 0.5 - Double(ow) / 2, dy = Double(y) + 0.5 - Double(oh) / 2
                let sx = ca * dx + sa * dy + w / 2 - 0.5, sy = -sa * dx + ca * dy + h / 2 - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                guard x0 >= 0, y0 >= 0, x0 + 1 < width, y0 + 1 < height else { continue }
                let fx = sx - Double(x0), fy = sy - Double(y0)
                func p(_ xx: Int, _ yy: Int) -> Double { Double(src[yy * width + xx]) }
                let v = (p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx) * (1 - fy)
                    + (p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx) * fy
                out[y * ow + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return LuminanceImage(width: ow, height: oh, pixels: out)
    }
}

extension SplitMix64 {
    /// A standard normal sample (Box–Muller).
    public mutating func nextGaussian() -> Double {
        let u1 = max(Double.leastNonzeroMagnitude, Double.random(in: 0..<1, using: &self))
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
