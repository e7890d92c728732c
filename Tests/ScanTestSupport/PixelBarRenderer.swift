import ScanCore

/// Draws a linear symbol for tests in whole pixels: dark bars on a light ground, a quiet zone either side,
/// optional bearer bars, noise, blur and salt-and-pepper specks.
///
/// ```swift
/// let (image, placement) = PixelBarRenderer().render([3, 3, 6, 3, 3])   // bar, space, bar, space, bar
/// ```
///
/// Element widths are in pixels, starting with a bar (``BarRenderer`` draws widths in modules with
/// sub-pixel edges). The noise sources are fixed-seed generators, so every image is the same each run.
public struct PixelBarRenderer: Sendable {
    /// Light space before the first bar and after the last, in pixels.
    public var quietZone = 40
    /// Bar height in pixels.
    public var barHeight = 60
    /// Light margin above and below the bars.
    public var margin = 10
    /// Thickness of bearer bars above and below (0 = none), and whether they close into a frame.
    public var bearer = 0
    public var bearerFrame = false
    /// Grey levels of bars and ground.
    public var dark: UInt8 = 20
    public var light: UInt8 = 235
    /// Peak amplitude of uniform pseudo-random noise added to every pixel (0 = none).
    public var noise = 0
    /// Horizontal box blur radius in pixels (0 = none).
    public var blur = 0
    /// Share of pixels set to black or white at random (salt-and-pepper noise).
    public var saltPepper = 0.0

    /// Where the bars were drawn: x of the first bar's leading edge, x after the last bar, bar rows.
    public struct Placement: Sendable {
        public var x0: Int
        public var x1: Int
        public var y0: Int
        public var y1: Int
    }

    public init() {}

    /// The image and where its bars are.
    public func render(_ widths: [Int]) -> (LuminanceImage, Placement) {
        let symbolWidth = widths.reduce(0, +)
        let frameSide = bearerFrame ? bearer : 0
        let width = symbolWidth + 2 * quietZone + 2 * frameSide + 2 * margin
        let height = barHeight + 2 * bearer + 2 * margin
        var px = [Int](repeating: Int(light), count: width * height)
        func fill(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) {
            for y in y0..<y1 { for x in x0..<x1 { px[y * width + x] = Int(dark) } }
        }
        let x0 = margin + frameSide + quietZone, y0 = margin + bearer
        var x = x0
        for (k, w) in widths.enumerated() {
            if k % 2 == 0 { fill(x, x + w, y0, y0 + barHeight) }
            x += w
        }
        if bearer > 0 {
            let left = margin, right = width - margin
            fill(left, right, margin, margin + bearer)
            fill(left, right, y0 + barHeight, y0 + barHeight + bearer)
            if bearerFrame {
                fill(left, left + bearer, margin, height - margin)
                fill(right - bearer, right, margin, height - margin)
            }
        }
        if blur > 0 {
            var out = px
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0, n = 0
                    for dx in -blur...blur where x + dx >= 0 && x + dx < width { sum += px[y * width + x + dx]; n += 1 }
                    out[y * width + x] = sum / n
                }
            }
            px = out
        }
        if noise > 0 {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for k in px.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let r = Int(state >> 33) % (2 * noise + 1) - noise
                px[k] = min(255, max(0, px[k] + r))
            }
        }
        if saltPepper > 0 {
            var state: UInt64 = 0x2545_F491_4F6C_DD1D
            for k in px.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let r = Double(state >> 11) / Double(1 << 53)
                if r < saltPepper { px[k] = r < saltPepper / 2 ? 0 : 255 }
            }
        }
        let image = LuminanceImage(width: width, height: height, pixels: px.map { UInt8($0) })
        return (image, Placement(x0: x0, x1: x0 + symbolWidth, y0: y0, y1: y0 + barHeight))
    }
}
