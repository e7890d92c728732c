import Testing

@testable import ScanCore

/// ``LocalBinarizer`` (eight pixels at a time) against the rule it documents, computed pixel by pixel.
struct LocalBinarizerReferenceTests {
    static func reference(_ image: LuminanceImage) -> [UInt8] {
        let w = image.width, h = image.height, bs = LocalBinarizer.blockSize
        let bw = (w + bs - 1) / bs, bh = (h + bs - 1) / bs
        var means = [Int](repeating: 0, count: bw * bh), contrasted = [Int](repeating: 0, count: bw * bh)
        for by in 0..<bh {
            for bx in 0..<bw {
                var lo = 255, hi = 0, sum = 0, n = 0
                for y in (by * bs)..<min(h, by * bs + bs) {
                    for x in (bx * bs)..<min(w, bx * bs + bs) {
                        let v = Int(image[x, y])
                        lo = min(lo, v); hi = max(hi, v); sum += v; n += 1
                    }
                }
                if hi - lo >= LocalBinarizer.minContrast {
                    means[by * bw + bx] = sum / n
                    contrasted[by * bw + bx] = 1
                }
            }
        }
        let t = LocalBinarizer.windowThresholds(means: means, contrasted: contrasted, bw: bw, bh: bh) {
            GlobalHistogramBinarizer.threshold(of: image) + 1
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                out[y * w + x] = Int(image[x, y]) < min(255, max(0, t[(y / bs) * bw + x / bs])) ? 1 : 0
            }
        }
        return out
    }

    /// Random blocky images (flat areas, edges, gradients) of sizes that are and are not multiples of 8,
    /// some as crops with a row stride larger than the width.
    @Test func matchesThePixelByPixelRule() throws {
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for (w, h) in [(1, 1), (7, 5), (8, 8), (17, 9), (64, 40), (83, 61), (200, 31)] {
            var pixels = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let base = (x / 5 + y / 7) % 3 == 0 ? 40 : 200
                    pixels[y * w + x] = UInt8(clamping: base + next(30) + x)
                }
            }
            let image = LuminanceImage(width: w, height: h, pixels: pixels)
            #expect(LocalBinarizer.binarize(image).bits == Self.reference(image), "\(w)x\(h)")
            if w > 2 && h > 2 {
                let crop = try image.cropped(x: 1, y: 1, width: w - 2, height: h - 1)
                #expect(LocalBinarizer.binarize(crop).bits == Self.reference(crop), "crop of \(w)x\(h)")
            }
        }
    }
}
