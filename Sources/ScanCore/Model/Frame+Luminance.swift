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
        // One copy of the loop per layout the formats use, with its offsets as constants (a 12 MP photo
        // is 36 MB of samples; the earlier loop, with the offsets as variables, cost nearly three times the
        // instructions).
        switch (bpp, r, g, b) {
        case (3, 0, 1, 2): return convertRGB(3, 0, 1, 2)
        case (3, 2, 1, 0): return convertRGB(3, 2, 1, 0)
        case (4, 0, 1, 2): return convertRGB(4, 0, 1, 2)
        default: return convertRGB(bpp, r, g, b)
        }
    }

    /// ``luma(r:g:b:)`` of every pixel.
    @inline(__always)
    private func convertRGB(_ bpp: Int, _ r: Int, _ g: Int, _ b: Int) -> LuminanceImage {
        let w = width, h = height, rowPitch = stride
        let out = [UInt8](unsafeUninitializedCapacity: w * h) { dst, initialized in
            pixels.withUnsafeBufferPointer { src in
                guard let sp = src.baseAddress, let dp = dst.baseAddress else {
                    dst.initialize(repeating: 0)
                    return
                }
                for y in 0..<h {
                    let row = sp + y * rowPitch
                    let line = dp + y * w
                    for x in 0..<w {
                        let p = row + x * bpp
                        line[x] = Frame.luma(r: p[r], g: p[g], b: p[b])
                    }
                }
            }
            initialized = w * h
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }
}
