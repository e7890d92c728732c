/// One threshold for the whole image, chosen from its luminance histogram by Otsu's method
/// (the threshold that maximises the between-class variance of dark and light pixels;
/// N. Otsu, IEEE Trans. SMC-9(1), 1979).
///
/// Fast and exact for evenly lit images and clean renderings; fails under strong shading, which is what
/// ``LocalBinarizer`` is for.
public enum GlobalHistogramBinarizer {
    /// Images of at least this many pixels are sampled at every second pixel of every second row for
    /// the histogram: a quarter of the pixels of a frame of 0.25 MP or more is a histogram of 62,500 or
    /// more samples, whose Otsu threshold is that of all pixels to within a grey level or two, at a quarter
    /// of the cost (the histogram was the frame's costliest single loop: 7.5 M instructions on a 720p frame).
    public static let sampledFromPixels = 250_000

    /// The Otsu threshold of `image`: pixels with luminance `<= threshold` are dark.
    /// A uniform image gets the threshold -1 (nothing dark) when bright, 255 (all dark) never.
    /// Large images are sampled (``sampledFromPixels``).
    public static func threshold(of image: LuminanceImage) -> Int {
        let step = image.width * image.height >= sampledFromPixels ? 2 : 1
        // Four interleaved histograms avoid store-to-load stalls on runs of equal pixels.
        var counts = [Int](repeating: 0, count: 4 * 256)
        image.storage.withUnsafeBufferPointer { src in
            counts.withUnsafeMutableBufferPointer { hist in
                guard let sp = src.baseAddress, let hp = hist.baseAddress else { return }
                for y in Swift.stride(from: 0, to: image.height, by: step) {
                    let row = sp + image.offset + y * image.stride
                    var x = 0
                    while x + 4 * step <= image.width {
                        hp[Int(row[x])] += 1
                        hp[256 + Int(row[x + step])] += 1
                        hp[512 + Int(row[x + 2 * step])] += 1
                        hp[768 + Int(row[x + 3 * step])] += 1
                        x += 4 * step
                    }
                    while x < image.width {
                        hp[Int(row[x])] += 1
                        x += step
                    }
                }
            }
        }
        var histogram = [Int](repeating: 0, count: 256)
        for v in 0..<256 { histogram[v] = counts[v] + counts[256 + v] + counts[512 + v] + counts[768 + v] }
        return otsuThreshold(histogram)
    }

    /// Otsu's threshold of a 256-bin histogram; -1 when the histogram has a single occupied bin.
    public static func otsuThreshold(_ histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return -1 }
        var sumAll = 0.0
        for (v, n) in histogram.enumerated() { sumAll += Double(v * n) }
        var weightDark = 0, sumDark = 0.0, best = -1.0, threshold = -1
        for t in 0..<255 {
            weightDark += histogram[t]
            if weightDark == 0 { continue }
            let weightLight = total - weightDark
            if weightLight == 0 { break }
            sumDark += Double(t * histogram[t])
            let meanDark = sumDark / Double(weightDark)
            let meanLight = (sumAll - sumDark) / Double(weightLight)
            let between = Double(weightDark) * Double(weightLight) * (meanDark - meanLight) * (meanDark - meanLight)
            if between > best {
                best = between
                threshold = t
            }
        }
        return threshold
    }

    /// Binarizes `image` with its Otsu threshold.
    public static func binarize(_ image: LuminanceImage) -> BitMatrix {
        binarize(image, threshold: threshold(of: image))
    }

    /// Binarizes `image` with a known threshold `t` (pixels with luminance `<= t` are dark).
    public static func binarize(_ image: LuminanceImage, threshold t: Int) -> BitMatrix {
        var bits = [UInt8](repeating: 0, count: image.width * image.height)
        // Dark means value <= t, i.e. value < t + 1; t = -1 (uniform image) marks nothing dark.
        let limit = UInt8(clamping: t + 1)
        image.storage.withUnsafeBufferPointer { src in
            bits.withUnsafeMutableBufferPointer { dst in
                guard let sp = src.baseAddress, let dp = dst.baseAddress else { return }
                for y in 0..<image.height {
                    let row = sp + image.offset + y * image.stride
                    let out = dp + y * image.width
                    for x in 0..<image.width { out[x] = row[x] < limit ? 1 : 0 }
                }
            }
        }
        return BitMatrix(width: image.width, height: image.height, bits: bits)
    }
}
