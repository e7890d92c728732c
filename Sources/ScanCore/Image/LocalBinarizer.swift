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
        binarize(image, fallbackThreshold: { GlobalHistogramBinarizer.threshold(of: image) })
    }

    /// Binarizes `image`, taking the Otsu threshold for windows without contrast from
    /// `fallbackThreshold` (called at most once; the caller may have it already).
    public static func binarize(_ image: LuminanceImage, fallbackThreshold: () -> Int) -> BitMatrix {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return BitMatrix(width: w, height: h) }
        let bs = blockSize
        let bw = (w + bs - 1) / bs, bh = (h + bs - 1) / bs
        var means = [Int](repeating: 0, count: bw * bh)  // mean of each contrasted block, else 0
        var contrasted = [Int](repeating: 0, count: bw * bh)  // 1 when the block has contrast
        var bits = [UInt8](repeating: 0, count: w * h)
        image.storage.withUnsafeBufferPointer { src in
            guard let base = src.baseAddress else { return }
            // Per-block sum, min and max, one block row at a time, rows read contiguously.
            var lo = [Int](repeating: 255, count: bw), hi = [Int](repeating: 0, count: bw)
            var sum = [Int](repeating: 0, count: bw)
            // Whole blocks eight pixels at a time (when blockSize is 8), then the partial last block. A whole
            // block's lanes keep their own minimum, maximum and sum (at most 8 × 255) down the block's rows,
            // reduced across the lanes once per block.
            let whole = bs == 8 ? w / 8 : 0
            var laneLo = [SIMD8<UInt8>](repeating: .init(repeating: 255), count: whole)
            var laneHi = [SIMD8<UInt8>](repeating: .init(repeating: 0), count: whole)
            var laneSum = [SIMD8<UInt16>](repeating: .init(repeating: 0), count: whole)
            for by in 0..<bh {
                for i in 0..<bw { lo[i] = 255; hi[i] = 0; sum[i] = 0 }
                for i in 0..<whole {
                    laneLo[i] = .init(repeating: 255)
                    laneHi[i] = .init(repeating: 0)
                    laneSum[i] = .init(repeating: 0)
                }
                let y0 = by * bs, y1 = min(h, y0 + bs)
                for y in y0..<y1 {
                    let row = base + image.offset + y * image.stride
                    let raw = UnsafeRawPointer(row)
                    for bx in 0..<whole {
                        let v = raw.loadUnaligned(fromByteOffset: 8 * bx, as: SIMD8<UInt8>.self)
                        laneLo[bx] = pointwiseMin(laneLo[bx], v)
                        laneHi[bx] = pointwiseMax(laneHi[bx], v)
                        laneSum[bx] &+= SIMD8<UInt16>(truncatingIfNeeded: v)
                    }
                    for bx in whole..<bw {
                        let x0 = bx * bs, x1 = min(w, x0 + bs)
                        var l: UInt8 = 255, m: UInt8 = 0, s = 0
                        for x in x0..<x1 {
                            let v = row[x]
                            l = min(l, v)
                            m = max(m, v)
                            s &+= Int(v)
                        }
                        lo[bx] = min(lo[bx], Int(l))
                        hi[bx] = max(hi[bx], Int(m))
                        sum[bx] &+= s
                    }
                }
                for bx in 0..<whole {
                    lo[bx] = Int(laneLo[bx].min())
                    hi[bx] = Int(laneHi[bx].max())
                    sum[bx] = Int(laneSum[bx].wrappedSum())
                }
                for bx in 0..<bw where hi[bx] - lo[bx] >= minContrast {
                    let n = (y1 - y0) * (min(w, bx * bs + bs) - bx * bs)
                    means[by * bw + bx] = sum[bx] / n
                    contrasted[by * bw + bx] = 1
                }
            }
        }
        let thresholds = windowThresholds(means: means, contrasted: contrasted, bw: bw, bh: bh) {
            fallbackThreshold() + 1
        }
        image.storage.withUnsafeBufferPointer { src in
            bits.withUnsafeMutableBufferPointer { dst in
                guard let sp = src.baseAddress, let dp = dst.baseAddress else { return }
                for y in 0..<h {
                    let row = sp + image.offset + y * image.stride
                    let out = dp + y * w
                    let trow = (y / bs) * bw
                    let whole = bs == 8 ? w / 8 : 0
                    let raw = UnsafeRawPointer(row), rawOut = UnsafeMutableRawPointer(out)
                    for bx in 0..<whole {
                        let t = SIMD8<UInt8>(repeating: UInt8(clamping: thresholds[trow + bx]))
                        let v = raw.loadUnaligned(fromByteOffset: 8 * bx, as: SIMD8<UInt8>.self)
                        // 1 where v < t: the sign bit of v − t (16 bits wide, no wrap), shifted down.
                        let dark = SIMD8<UInt8>(
                            truncatingIfNeeded: (SIMD8<UInt16>(truncatingIfNeeded: v)
                                &- SIMD8<UInt16>(truncatingIfNeeded: t)) &>> 15)
                        rawOut.storeBytes(of: dark, toByteOffset: 8 * bx, as: SIMD8<UInt8>.self)
                    }
                    for bx in whole..<bw {
                        let t = UInt8(clamping: thresholds[trow + bx])
                        let x0 = bx * bs, x1 = min(w, x0 + bs)
                        for x in x0..<x1 { out[x] = row[x] < t ? 1 : 0 }
                    }
                }
            }
        }
        return BitMatrix(width: w, height: h, bits: bits)
    }

    /// Each block's threshold: the mean of the contrasted block means in its 5×5 block window, or
    /// `fallback()` (computed at most once) where the window has none.
    static func windowThresholds(
        means: [Int], contrasted: [Int], bw: Int, bh: Int, fallback: () -> Int
    ) -> [Int] {
        // Summed-area tables over the block grid.
        let sw = bw + 1
        var sat = [Int](repeating: 0, count: sw * (bh + 1))
        var cat = [Int](repeating: 0, count: sw * (bh + 1))
        for by in 0..<bh {
            var rowSum = 0, rowCount = 0
            for bx in 0..<bw {
                rowSum += means[by * bw + bx]
                rowCount += contrasted[by * bw + bx]
                sat[(by + 1) * sw + bx + 1] = sat[by * sw + bx + 1] + rowSum
                cat[(by + 1) * sw + bx + 1] = cat[by * sw + bx + 1] + rowCount
            }
        }
        var global: Int?
        var thresholds = [Int](repeating: 0, count: bw * bh)
        for by in 0..<bh {
            let y0 = max(0, by - 2), y1 = min(bh, by + 3)
            for bx in 0..<bw {
                let x0 = max(0, bx - 2), x1 = min(bw, bx + 3)
                let n = cat[y1 * sw + x1] - cat[y0 * sw + x1] - cat[y1 * sw + x0] + cat[y0 * sw + x0]
                if n > 0 {
                    let s = sat[y1 * sw + x1] - sat[y0 * sw + x1] - sat[y1 * sw + x0] + sat[y0 * sw + x0]
                    thresholds[by * bw + bx] = (s + n / 2) / n
                } else {
                    if global == nil { global = fallback() }
                    thresholds[by * bw + bx] = global ?? 0
                }
            }
        }
        return thresholds
    }
}
