/// Block-based local thresholds, for uneven light and shadows.
///
/// The image is cut into `blockSize`² blocks. A block whose luminance range is at least `minContrast` has
/// contrast; each pixel's threshold is the mean luminance of the contrasted blocks in the 5×5 block window
/// around its block. A window with no contrasted block takes the image's Otsu threshold
/// (``GlobalHistogramBinarizer``), so flat areas follow the global light/dark split instead of noise.
/// Cost: two passes over the pixels plus a pass over the (small) block grid.
public enum LocalBinarizer {
    /// Side of a block in pixels.
    public static let blockSize = 8
    /// Smallest luminance range (max − min) that makes a block count as having contrast.
    public static let minContrast = 24

    /// Binarizes `image`; dark pixels are those strictly below their local threshold.
    public static func binarize(_ image: LuminanceImage) -> BitMatrix {
        let w = image.width, h = image.height
        let bs = blockSize
        let bw = (w + bs - 1) / bs, bh = (h + bs - 1) / bs
        var sums = [Int](repeating: 0, count: bw * bh)       // sum of means of contrasted blocks
        var counts = [Int](repeating: 0, count: bw * bh)     // 1 when the block has contrast
        image.storage.withUnsafeBufferPointer { src in
            for by in 0..<bh {
                for bx in 0..<bw {
                    var lo = 255, hi = 0, sum = 0, n = 0
                    for y in (by * bs)..<min(h, by * bs + bs) {
                        let s = image.offset + y * image.stride
                        for x in (bx * bs)..<min(w, bx * bs + bs) {
                            let v = Int(src[s + x])
                            sum += v
                            lo = min(lo, v)
                            hi = max(hi, v)
                            n += 1
                        }
                    }
                    if hi - lo >= minContrast {
                        sums[by * bw + bx] = sum / n
                        counts[by * bw + bx] = 1
                    }
                }
            }
        }
        // Summed-area tables over the block grid for the 5×5 window means.
        let sw = bw + 1
        var sat = [Int](repeating: 0, count: sw * (bh + 1))
        var cat = [Int](repeating: 0, count: sw * (bh + 1))
        for by in 0..<bh {
            var rowSum = 0, rowCount = 0
            for bx in 0..<bw {
                rowSum += sums[by * bw + bx]
                rowCount += counts[by * bw + bx]
                sat[(by + 1) * sw + bx + 1] = sat[by * sw + bx + 1] + rowSum
                cat[(by + 1) * sw + bx + 1] = cat[by * sw + bx + 1] + rowCount
            }
        }
        let global = GlobalHistogramBinarizer.threshold(of: image) + 1
        var thresholds = [Int](repeating: global, count: bw * bh)
        for by in 0..<bh {
            let y0 = max(0, by - 2), y1 = min(bh, by + 3)
            for bx in 0..<bw {
                let x0 = max(0, bx - 2), x1 = min(bw, bx + 3)
                let n = cat[y1 * sw + x1] - cat[y0 * sw + x1] - cat[y1 * sw + x0] + cat[y0 * sw + x0]
                if n > 0 {
                    let s = sat[y1 * sw + x1] - sat[y0 * sw + x1] - sat[y1 * sw + x0] + sat[y0 * sw + x0]
                    thresholds[by * bw + bx] = (s + n / 2) / n
                }
            }
        }
        var bits = [UInt8](repeating: 0, count: w * h)
        image.storage.withUnsafeBufferPointer { src in
            bits.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let s = image.offset + y * image.stride
                    let trow = (y / bs) * bw
                    for x in 0..<w {
                        dst[y * w + x] = Int(src[s + x]) < thresholds[trow + x / bs] ? 1 : 0
                    }
                }
            }
        }
        return BitMatrix(width: w, height: h, bits: bits)
    }
}
