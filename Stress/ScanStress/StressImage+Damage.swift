import Foundation

extension StressImage {
    /// Applies one damage; `random` supplies the noise.
    public mutating func apply(_ damage: StressDamage, paper: Double, random: inout StressRandom) {
        switch damage {
        case .cut(let at, let angle, let thickness):
            band(at: at, angle: angle, thickness: thickness) { _, _ in Float(paper) }
        case .glare(let at, let angle, let thickness, let strength):
            band(at: at, angle: angle, thickness: thickness, soft: true) { v, weight in v + Float(strength) * weight }
        case .crop(let side, let share):
            crop(side: side, share: share)
        case .occlude(let cx, let cy, let fw, let fh, let grey):
            occlude(cx, cy, fw, fh, grey: Float(grey))
        case .blur(let sigma):
            blur(sigma: sigma * frame.scale)
        case .noise(let sigma):
            for i in pixels.indices { pixels[i] += Float(sigma * random.gaussian()) }
        case .scale(let share):
            resample(share)
        }
    }

    /// A straight band through the symbol point at fraction `at` of its width (and half its height), at
    /// `angle` degrees to the symbol's x axis, `thickness` modules wide. `paint(value, weight)` gives the new
    /// value, with `weight` 1 inside and falling to 0 over one pixel at the edges (`soft`: a Gaussian
    /// profile of that width instead). Inside, the value is mixed towards `paint`'s result by `weight`.
    mutating func band(
        at: Double, angle: Double, thickness: Double, soft: Bool = false, paint: (Float, Float) -> Float
    ) {
        let p = frame.point(at, 0.5)
        let a = frame.angle + angle * Double.pi / 180
        // Unit normal of the band's direction.
        let nx = -sin(a), ny = cos(a)
        let half = thickness * frame.scale / 2
        for y in 0..<height {
            for x in 0..<width {
                let d = abs((Double(x) + 0.5 - p.x) * nx + (Double(y) + 0.5 - p.y) * ny)
                let weight: Double
                if soft {
                    weight = exp(-d * d / (2 * half * half))
                    if weight < 0.01 { continue }
                } else {
                    weight = min(1, max(0, half + 0.5 - d))
                    if weight <= 0 { continue }
                }
                let i = y * width + x
                let w = Float(weight)
                if soft {
                    pixels[i] = paint(pixels[i], w)
                } else {
                    pixels[i] = pixels[i] * (1 - w) + paint(pixels[i], 1) * w
                }
            }
        }
    }

    /// Crops the image through the symbol: `share` of the symbol's extent (its bounding box in the
    /// image) taken off side 0 (left), 1 (top), 2 (right) or 3 (bottom).
    mutating func crop(side: Int, share: Double) {
        let xs = frame.corners.map(\.x), ys = frame.corners.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? Double(width)
        let minY = ys.min() ?? 0, maxY = ys.max() ?? Double(height)
        var x0 = 0, y0 = 0, x1 = width, y1 = height
        switch side {
        case 0: x0 = Int(minX + share * (maxX - minX))
        case 1: y0 = Int(minY + share * (maxY - minY))
        case 2: x1 = Int(maxX - share * (maxX - minX))
        default: y1 = Int(maxY - share * (maxY - minY))
        }
        x0 = max(0, min(x0, width - 1))
        y0 = max(0, min(y0, height - 1))
        x1 = max(x0 + 1, min(x1, width))
        y1 = max(y0 + 1, min(y1, height))
        var out = [Float](repeating: 0, count: (x1 - x0) * (y1 - y0))
        for y in y0..<y1 {
            for x in x0..<x1 { out[(y - y0) * (x1 - x0) + x - x0] = pixels[y * width + x] }
        }
        frame.centreX -= Double(x0)
        frame.centreY -= Double(y0)
        width = x1 - x0
        height = y1 - y0
        pixels = out
    }

    /// A rectangle of `grey` over the symbol, turned with it: centre and size as fractions of the symbol.
    mutating func occlude(_ cx: Double, _ cy: Double, _ fw: Double, _ fh: Double, grey: Float) {
        for y in 0..<height {
            for x in 0..<width {
                let m = frame.modules(Double(x) + 0.5, Double(y) + 0.5)
                let fx = m.x / frame.width, fy = m.y / frame.height
                if abs(fx - cx) <= fw / 2 && abs(fy - cy) <= fh / 2 { pixels[y * width + x] = grey }
            }
        }
    }

    /// Separable Gaussian blur, `sigma` in pixels; the border repeats the edge pixels.
    mutating func blur(sigma: Double) {
        guard sigma > 0.05 else { return }
        let r = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-r...r).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        /// The kernel around each of `count` pixels, the edge pixel standing for those beyond it.
        func weights(_ count: Int) -> [[(Int, Float)]] {
            (0..<count).map { i in (-r...r).map { k in (min(count - 1, max(0, i + k)), kernel[k + r]) } }
        }
        pixels = Self.filtered(pixels, width: width, height: height, rows: weights(width), columns: weights(height))
    }

    /// A separable filter: along the rows, then along the columns, each new pixel the sum of the old ones
    /// `rows[x]` (or `columns[y]`) lists, times their weights, in that order. The result is `rows.count`
    /// × `columns.count` pixels.
    static func filtered(
        _ pixels: [Float], width: Int, height: Int, rows wx: [[(Int, Float)]], columns wy: [[(Int, Float)]]
    ) -> [Float] {
        let nw = wx.count, nh = wy.count
        var rows = [Float](repeating: 0, count: nw * height)
        for y in 0..<height {
            for x in 0..<nw {
                var v: Float = 0
                for (k, w) in wx[x] { v += w * pixels[y * width + k] }
                rows[y * nw + x] = v
            }
        }
        var out = [Float](repeating: 0, count: nw * nh)
        for y in 0..<nh {
            for x in 0..<nw {
                var v: Float = 0
                for (k, w) in wy[y] { v += w * rows[k * nw + x] }
                out[y * nw + x] = v
            }
        }
        return out
    }

    /// Resamples to `share` of the size: each new pixel is the mean of the old ones it covers (area
    /// weights), rows then columns.
    mutating func resample(_ share: Double) {
        let nw = max(8, Int((Double(width) * share).rounded()))
        let nh = max(8, Int((Double(height) * share).rounded()))
        func weights(_ from: Int, _ to: Int) -> [[(Int, Float)]] {
            let f = Double(from) / Double(to)
            return (0..<to).map { i in
                let a = Double(i) * f, b = Double(i + 1) * f
                var out: [(Int, Float)] = []
                var k = Int(a)
                while Double(k) < b && k < from {
                    let overlap = min(b, Double(k + 1)) - max(a, Double(k))
                    if overlap > 0 { out.append((k, Float(overlap / f))) }
                    k += 1
                }
                return out
            }
        }
        let out = Self.filtered(
            pixels, width: width, height: height, rows: weights(width, nw), columns: weights(height, nh))
        let sx = Double(nw) / Double(width), sy = Double(nh) / Double(height)
        frame.centreX *= sx
        frame.centreY *= sy
        frame.scale *= (sx + sy) / 2
        width = nw
        height = nh
        pixels = out
    }
}
