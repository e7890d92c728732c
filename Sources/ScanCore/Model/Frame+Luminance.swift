extension Frame {
    /// The frame's luminance plane.
    ///
    /// Luma is the integer Rec. 601 formula `Y = (77·R + 150·G + 29·B + 128) >> 8`
    /// (weights 0.299, 0.587, 0.114 scaled by 256 and rounded so they sum to 256; ITU-R BT.601-7 §2.5.1),
    /// so pure white stays 255 and pure black 0. For `gray8` the plane is shared without copying when the
    /// frame is tightly packed; for YUV formats the Y samples are taken as they are (no colour conversion).
    public func luminance() -> LuminanceImage {
        switch format {
        case .gray8, .nv12, .i420:
            // The Y plane is the first `height` rows of the buffer.
            return LuminanceImage(storage: pixels, width: width, height: height, stride: stride)
        case .yuyv, .uyvy:
            return extractPacked(step: 2, first: format == .yuyv ? 0 : 1)
        case .rgb24:
            return convertRGB(bytesPerPixel: 3, r: 0, g: 1, b: 2)
        case .bgr24:
            return convertRGB(bytesPerPixel: 3, r: 2, g: 1, b: 0)
        case .rgba32:
            return convertRGB(bytesPerPixel: 4, r: 0, g: 1, b: 2)
        }
    }

    /// Rec. 601 integer luma of one RGB triple (see ``luminance()``).
    @inlinable public static func luma(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (77 * Int(r) + 150 * Int(g) + 29 * Int(b) + 128) >> 8)
    }

    private func extractPacked(step: Int, first: Int) -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        let w = width, h = height, rowPitch = stride
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let s = y * rowPitch + first
                    let d = y * w
                    for x in 0..<w { dst[d + x] = src[s + x * step] }
                }
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    private func convertRGB(bytesPerPixel bpp: Int, r: Int, g: Int, b: Int) -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        let w = width, h = height, rowPitch = stride
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    var s = y * rowPitch
                    let d = y * w
                    for x in 0..<w {
                        let value = 77 &* Int(src[s + r]) &+ 150 &* Int(src[s + g]) &+ 29 &* Int(src[s + b]) &+ 128
                        dst[d + x] = UInt8(truncatingIfNeeded: value >> 8)
                        s += bpp
                    }
                }
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }
}
