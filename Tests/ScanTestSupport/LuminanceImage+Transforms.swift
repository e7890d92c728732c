import Foundation
import ScanCore

/// The size of the canvas ``LuminanceImage/rotated(by:canvas:ground:)`` draws on.
public enum RotationCanvas: Sendable {
    /// Just large enough for the rotated image (its bounding box, rounded up) plus `margin` pixels across
    /// and down.
    case fitted(margin: Int)
    /// A square whose side is `factor` times the image's longer side (rounded up): the same size for
    /// every angle.
    case square(factor: Double)
}

/// Geometric transforms of test images. Pixel centres sit at half-integers; resampling is bilinear and
/// reads `ground` outside the source image, so a symbol on a light field keeps its edges.
extension LuminanceImage {
    /// Mirrored left–right.
    public func mirrored() -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + (width - 1 - x)] = self[x, y] } }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// A `ground` margin of `margin` pixels around the image.
    public func padded(_ margin: Int, ground: UInt8 = 255) -> LuminanceImage {
        let w = width + 2 * margin
        let h = height + 2 * margin
        var out = [UInt8](repeating: ground, count: w * h)
        for y in 0..<height { for x in 0..<width { out[(y + margin) * w + x + margin] = self[x, y] } }
        return LuminanceImage(width: w, height: h, pixels: out)
    }

    /// A white `width × height` page with `images` pasted at the given top-left positions (clipped).
    public static func page(width: Int, height: Int, _ images: [(LuminanceImage, Int, Int)]) -> LuminanceImage {
        var out = [UInt8](repeating: 255, count: width * height)
        for (img, ox, oy) in images {
            for y in 0..<img.height where oy + y >= 0 && oy + y < height {
                for x in 0..<img.width where ox + x >= 0 && ox + x < width {
                    out[(oy + y) * width + ox + x] = img[x, y]
                }
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// This image turned clockwise `quarterTurns` times (exact, no resampling).
    public func rotated(quarterTurns: Int) -> LuminanceImage {
        var img = self
        for _ in 0..<(quarterTurns % 4) { img = img.rotated90Clockwise() }
        return img
    }

    /// Turned by `degrees` (clockwise on screen) about its centre onto a `ground` canvas centred on it.
    public func rotated(
        by degrees: Double, canvas: RotationCanvas = .fitted(margin: 0), ground: UInt8 = 255
    ) -> LuminanceImage {
        let a = degrees * Double.pi / 180
        let c = cos(a)
        let s = sin(a)
        let w = Double(width)
        let h = Double(height)
        let nw: Int
        let nh: Int
        switch canvas {
        case .fitted(let margin):
            nw = Int((abs(w * c) + abs(h * s)).rounded(.up)) + margin
            nh = Int((abs(w * s) + abs(h * c)).rounded(.up)) + margin
        case .square(let factor):
            nw = Int((Double(max(width, height)) * factor).rounded(.up))
            nh = nw
        }
        let ncx = Double(nw) / 2
        let ncy = Double(nh) / 2
        return resampled(width: nw, height: nh, ground: ground) { x, y in
            let dx = x - ncx
            let dy = y - ncy
            return Point(c * dx + s * dy + w / 2, -s * dx + c * dy + h / 2)
        }
    }

    /// The image seen in perspective: its corners (top-left, top-right, bottom-right, bottom-left) placed
    /// at `quad` on a `ground` canvas of `width × height`.
    public func warped(onto quad: [Point], width: Int, height: Int, ground: UInt8 = 255) -> LuminanceImage {
        let w = Double(self.width)
        let h = Double(self.height)
        let toSource = PerspectiveTransform(
            from: (quad[0], quad[1], quad[2], quad[3]), to: (Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)))
        return resampled(width: width, height: height, ground: ground) { x, y in toSource.apply(Point(x, y)) }
    }

    /// Resized by `sx` across and `sy` down (pixel centres mapped onto each other, the edge pixels
    /// repeated beyond the image).
    public func scaled(_ sx: Double, _ sy: Double) -> LuminanceImage {
        let nw = Int((Double(width) * sx).rounded())
        let nh = Int((Double(height) * sy).rounded())
        let w = Double(width)
        let h = Double(height)
        return resampled(width: nw, height: nh, ground: 255) { x, y in
            Point(min(max(x / sx, 0.5), w - 0.5), min(max(y / sy, 0.5), h - 0.5))
        }
    }

    /// Resized by `sx` across and `sy` down by nearest-neighbour sampling (no smoothing: every edge lands
    /// on a pixel boundary, as in an aliased rendering).
    public func aliased(_ sx: Double, _ sy: Double) -> LuminanceImage {
        let nw = Int((Double(width) * sx).rounded())
        let nh = Int((Double(height) * sy).rounded())
        var out = [UInt8](repeating: 255, count: nw * nh)
        for y in 0..<nh {
            for x in 0..<nw {
                let fx = min(Int((Double(x) + 0.5) / sx), width - 1)
                let fy = min(Int((Double(y) + 0.5) / sy), height - 1)
                out[y * nw + x] = self[fx, fy]
            }
        }
        return LuminanceImage(width: nw, height: nh, pixels: out)
    }

    /// A `width × height` image whose pixel centred at (x, y) is this image sampled bilinearly at
    /// `source(x, y)` (both in pixel coordinates, centres at half-integers); pixels beyond this image
    /// read as `ground`.
    public func resampled(
        width nw: Int, height nh: Int, ground: UInt8, _ source: (Double, Double) -> Point
    ) -> LuminanceImage {
        let outside = Double(ground)
        func at(_ i: Int, _ j: Int) -> Double {
            i >= 0 && j >= 0 && i < width && j < height ? Double(self[i, j]) : outside
        }
        var out = [UInt8](repeating: ground, count: nw * nh)
        for y in 0..<nh {
            for x in 0..<nw {
                let p = source(Double(x) + 0.5, Double(y) + 0.5)
                let sx = p.x - 0.5
                let sy = p.y - 0.5
                let x0 = Int(sx.rounded(.down))
                let y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0)
                let fy = sy - Double(y0)
                let v =
                    (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
                    + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
                out[y * nw + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return LuminanceImage(width: nw, height: nh, pixels: out)
    }

    /// A noise image of the given size (no symbol): every pixel uniform in 0…255 from a seeded
    /// ``SplitMix64``.
    public static func noise(width: Int, height: Int, seed: UInt64) -> LuminanceImage {
        var rng = SplitMix64(seed: seed)
        let px = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        return LuminanceImage(width: width, height: height, pixels: px)
    }
}
