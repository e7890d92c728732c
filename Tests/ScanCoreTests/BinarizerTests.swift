import Testing

@testable import ScanCore

struct BinarizerTests {
    @Test func otsuSplitsTwoLevels() {
        var histogram = [Int](repeating: 0, count: 256)
        histogram[40] = 100
        histogram[200] = 50
        let t = GlobalHistogramBinarizer.otsuThreshold(histogram)
        #expect(t >= 40 && t < 200)
        #expect(GlobalHistogramBinarizer.otsuThreshold([Int](repeating: 0, count: 256)) == -1)
    }

    /// A frame large enough to be sampled (``GlobalHistogramBinarizer/sampledFromPixels``): a photo-like
    /// mix of a dark and a light population with pseudo-random grey levels gets the threshold of its whole
    /// histogram to within two grey levels, and a small image is counted in full.
    @Test func sampledThresholdIsTheFullHistogramsThreshold() {
        let w = 640, h = 480
        var px = [UInt8](repeating: 0, count: w * h)
        var state: UInt32 = 12345
        for i in px.indices {
            state = state &* 1_103_515_245 &+ 12345
            let noise = Int((state >> 16) % 41) - 20
            let dark = ((i % w) / 7 + (i / w) / 5) % 3 == 0
            px[i] = UInt8(clamping: (dark ? 70 : 180) + noise)
        }
        var histogram = [Int](repeating: 0, count: 256)
        for v in px { histogram[Int(v)] += 1 }
        let full = GlobalHistogramBinarizer.otsuThreshold(histogram)
        let image = LuminanceImage(width: w, height: h, pixels: px)
        #expect(w * h >= GlobalHistogramBinarizer.sampledFromPixels)
        #expect(abs(GlobalHistogramBinarizer.threshold(of: image) - full) <= 2)
        #expect((90...160).contains(full))
        let small = LuminanceImage(width: 4, height: 1, pixels: [10, 240, 20, 230])
        let counts = (0..<256).map { v in [10, 240, 20, 230].filter { $0 == v }.count }
        #expect(GlobalHistogramBinarizer.threshold(of: small) == GlobalHistogramBinarizer.otsuThreshold(counts))
    }

    @Test func globalBinarizerMarksDarkPixels() {
        let img = LuminanceImage(width: 4, height: 1, pixels: [10, 240, 20, 230])
        #expect(GlobalHistogramBinarizer.binarize(img).bits == [1, 0, 1, 0])
    }

    /// Bars under a strong left-to-right shading gradient: a single threshold fails, the local one reads
    /// every bar.
    @Test func localBinarizerFollowsUnevenLight() {
        let w = 256, h = 16
        var px = [UInt8](repeating: 0, count: w * h)
        var expected = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let light = 60 + x * 190 / w  // background brightens from 60 to 250
                let isBar = (x / 4) % 2 == 1
                px[y * w + x] = UInt8(isBar ? light * 45 / 100 : light)
                expected[y * w + x] = isBar ? 1 : 0
            }
        }
        let img = LuminanceImage(width: w, height: h, pixels: px)
        let local = LocalBinarizer.binarize(img)
        #expect(local.bits == expected)
        #expect(GlobalHistogramBinarizer.binarize(img).bits != expected)
    }

    @Test func runsAlternateStartingLight() {
        let m = BitMatrix(width: 6, height: 2, bits: [1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(m.rowRuns(0) == [0, 2, 1, 1, 2])
        #expect(m.rowRuns(1) == [6])
        #expect(m.columnRuns(0) == [0, 1, 1])
        let line = ScanLine(runs: m.rowRuns(0))
        #expect(line.length == 6)
        #expect(line.runStarts == [0, 0, 2, 3, 4, 6])
        #expect(line.reversed().runs == [2, 1, 1, 2, 0])
        #expect(ScanLine(runs: [3, 2, 1, 4]).reversed().runs == [0, 4, 1, 2, 3])
    }

    @Test func frameContextCachesBinarization() {
        let ctx = FrameContext(image: LuminanceImage(width: 4, height: 1, pixels: [10, 240, 20, 230]))
        #expect(ctx.binarized(.globalHistogram) == ctx.binarized(.globalHistogram))
        #expect(ctx.inverted.image.packedPixels == [245, 15, 235, 25])
        #expect(ctx.inverted === ctx.inverted)
        #expect(ctx.inverted.isInverted)
    }
}
