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

    /// A small symbol out of focus, as the mean of the lines along the bars reads it: `module` pixels per
    /// module, Gaussian blur σ `blur` pixels, noise σ `noise` grey levels drawn anew on every pixel from
    /// `seed`, bars `barHeight` pixels high.
    public static func defocused(
        module: Double, blur: Double, seed: UInt64, noise: Double = 14, barHeight: Int = 60
    ) -> BarRenderer {
        var renderer = BarRenderer(module: module)
        renderer.blur = blur
        renderer.noise = noise
        renderer.seed = seed
        renderer.barHeight = barHeight
        return renderer
    }

    /// A symbol of fine modules as a camera or a scaled rendering draws them: `module` pixels per module
    /// (a fraction of a pixel is drawn grey), Gaussian blur σ `blur` pixels, noise σ 6 grey levels, bars
    /// 40 px high, 12 modules of quiet zone.
    public static func fine(module: Double, blur: Double = 0, seed: UInt64 = 1) -> BarRenderer {
        var renderer = BarRenderer(module: module)
        renderer.quietZone = 12
        renderer.barHeight = 40
        renderer.blur = blur
        renderer.noise = 6
        renderer.seed = seed
        return renderer
    }

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
