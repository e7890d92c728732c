/// The part of a frame a detector searches: the candidate blocks of a ``CandidateMap`` grown by a margin,
/// or the whole frame.
///
/// ```swift
/// let mask = CandidateMask(frame, options: options, linear: true, matrix: true, margin: 3)
/// if mask.isEmpty { return [] }          // nothing code-like in the frame
/// for y in 0..<frame.height {
///     for span in mask.rowSpans(y) { … } // read row y over x in span only
/// }
/// ```
///
/// Block (bx, by) covers frame pixels [16·bx, 16·bx + 16) × [16·by, 16·by + 16) (``CandidateMap/blockSize``);
/// the pixels right of the last block column and below the last block row belong to that column or row.
/// A block is searched when a candidate block of a wanted kind lies within `margin` blocks of it
/// (Chebyshev distance): detectors need the whole symbol and its quiet zone, and candidate blocks may mark
/// only part of a symbol (blur, large modules, glare). A map fewer than ``smallestMasked`` blocks wide or
/// high gives the whole frame.
public struct CandidateMask: Sendable {
    /// Frame size in pixels.
    public let width: Int
    public let height: Int
    /// True when every pixel is searched (no map, an image too small to judge, or the options ask for it).
    public let isWholeFrame: Bool
    let blocksWide: Int
    let blocksHigh: Int
    /// Per block, row-major: searched.
    let searched: [Bool]
    /// Per block row and per block column: the pixel stretches of its searched blocks (before growth).
    let blockRowSpans: [[Range<Int>]]
    let blockColumnSpans: [[Range<Int>]]

    private init(width: Int, height: Int, isWholeFrame: Bool, blocksWide: Int, blocksHigh: Int, searched: [Bool]) {
        self.width = width
        self.height = height
        self.isWholeFrame = isWholeFrame
        self.blocksWide = blocksWide
        self.blocksHigh = blocksHigh
        self.searched = searched
        (blockRowSpans, blockColumnSpans) = searched.withUnsafeBufferPointer { on in
            let rows = (0..<blocksHigh).map { by in
                Self.spans(on, first: by * blocksWide, stride: 1, count: blocksWide, length: width)
            }
            let columns = (0..<blocksWide).map { bx in
                Self.spans(on, first: bx, stride: blocksWide, count: blocksHigh, length: height)
            }
            return (rows, columns)
        }
    }

    /// Maps fewer blocks wide or high than this give the whole frame: too few blocks for the neighbour
    /// rules of the map to be fair to a small symbol, and too small an image for a mask to save time.
    public static let smallestMasked = 8

    /// The whole `width × height` frame.
    public init(wholeFrameWidth width: Int, height: Int) {
        self.init(width: width, height: height, isWholeFrame: true, blocksWide: 0, blocksHigh: 0, searched: [])
    }

    /// The blocks of `map` (for a `width × height` frame) within `margin` blocks of a linear candidate
    /// (when `linear`) or a matrix candidate (when `matrix`). An exhaustive map gives the whole frame.
    public init(_ map: CandidateMap, width: Int, height: Int, linear: Bool, matrix: Bool, margin: Int) {
        guard !map.isExhaustive, map.blocksWide >= Self.smallestMasked, map.blocksHigh >= Self.smallestMasked else {
            self.init(wholeFrameWidth: width, height: height)
            return
        }
        // Growth by `margin` blocks (Chebyshev distance) is a square dilation: along the rows, then along
        // the columns, each with a running count over the window.
        let bw = map.blocksWide, bh = map.blocksHigh
        var seed = [Bool](repeating: false, count: bw * bh)
        for i in seed.indices where (linear && map.linear[i]) || (matrix && map.matrix[i]) { seed[i] = true }
        var across = [Bool](repeating: false, count: bw * bh)
        var grown = [Bool](repeating: false, count: bw * bh)
        seed.withUnsafeBufferPointer { seed in
            across.withUnsafeMutableBufferPointer { across in
                for by in 0..<bh {
                    Self.dilate(seed, into: across, first: by * bw, stride: 1, count: bw, margin: margin)
                }
            }
        }
        across.withUnsafeBufferPointer { across in
            grown.withUnsafeMutableBufferPointer { grown in
                for bx in 0..<bw {
                    Self.dilate(across, into: grown, first: bx, stride: bw, count: bh, margin: margin)
                }
            }
        }
        self.init(
            width: width, height: height, isWholeFrame: false, blocksWide: map.blocksWide,
            blocksHigh: map.blocksHigh, searched: grown)
    }

    /// The mask a detector of `frame` uses: the whole frame when `options.searchWholeFrame` or
    /// `options.pure` is set (a pure image is all symbol), the grown candidate blocks otherwise.
    public init(_ frame: FrameContext, options: DecodeOptions, linear: Bool, matrix: Bool, margin: Int) {
        if options.searchWholeFrame || options.pure {
            self.init(wholeFrameWidth: frame.width, height: frame.height)
        } else {
            self.init(
                frame.candidates, width: frame.width, height: frame.height, linear: linear, matrix: matrix,
                margin: margin)
        }
    }

    /// True when nothing is searched.
    public var isEmpty: Bool { !isWholeFrame && !searched.contains(true) }

    /// Fraction of the frame's blocks searched, in [0, 1].
    public var coverage: Double {
        if isWholeFrame { return 1 }
        guard !searched.isEmpty else { return 0 }
        return Double(searched.reduce(0) { $0 + ($1 ? 1 : 0) }) / Double(searched.count)
    }

    /// True when pixel (x, y) is searched.
    public func contains(x: Int, y: Int) -> Bool {
        if isWholeFrame { return true }
        guard blocksWide > 0, blocksHigh > 0, x >= 0, y >= 0, x < width, y < height else { return false }
        return searched[block(y, blocksHigh) * blocksWide + block(x, blocksWide)]
    }

    /// The stretches of row `y` to search, as pixel ranges of x, left to right (empty when none). Each
    /// stretch is grown on both sides by `grownBy` times its length plus `plus` pixels (within the row),
    /// and overlapping stretches are joined: a detector that needs a symbol's ends and quiet zones along
    /// the line (start and stop patterns) reads past the blocks that marked only part of it.
    public func rowSpans(_ y: Int, grownBy factor: Double = 0, plus pixels: Int = 0) -> [Range<Int>] {
        if isWholeFrame { return width > 0 ? [0..<width] : [] }
        guard y >= 0, y < height, blocksWide > 0 else { return [] }
        return grown(blockRowSpans[block(y, blocksHigh)], factor, pixels, length: width)
    }

    /// The stretches of column `x` to search, as pixel ranges of y, top to bottom (empty when none);
    /// growth as in ``rowSpans(_:grownBy:plus:)``.
    public func columnSpans(_ x: Int, grownBy factor: Double = 0, plus pixels: Int = 0) -> [Range<Int>] {
        if isWholeFrame { return height > 0 ? [0..<height] : [] }
        guard x >= 0, x < width, blocksHigh > 0 else { return [] }
        return grown(blockColumnSpans[block(x, blocksWide)], factor, pixels, length: height)
    }

    private func grown(_ spans: [Range<Int>], _ factor: Double, _ pixels: Int, length: Int) -> [Range<Int>] {
        guard factor > 0 || pixels > 0, !spans.isEmpty else { return spans }
        var out: [Range<Int>] = []
        out.reserveCapacity(spans.count)
        for s in spans {
            let reach = Int(factor * Double(s.count)) + pixels
            let g = max(0, s.lowerBound - reach)..<min(length, s.upperBound + reach)
            if let last = out.last, last.upperBound >= g.lowerBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, g.upperBound)
            } else {
                out.append(g)
            }
        }
        return out
    }

    /// The block index of pixel coordinate `p` (the last block takes the remainder).
    private func block(_ p: Int, _ count: Int) -> Int { min(count - 1, p / CandidateMap.blockSize) }

    /// Sets every element of a line of `count` elements of `target` (element i at `first + i·stride`)
    /// that lies within `margin` of a set element of `source` along the line: a running count of set
    /// elements over the window [i − margin, i + margin].
    private static func dilate(
        _ source: UnsafeBufferPointer<Bool>, into target: UnsafeMutableBufferPointer<Bool>, first: Int, stride: Int,
        count: Int, margin: Int
    ) {
        var inWindow = 0
        for i in 0..<min(count, margin) where source[first + i * stride] { inWindow += 1 }
        for i in 0..<count {
            if i + margin < count && source[first + (i + margin) * stride] { inWindow += 1 }
            if i - margin - 1 >= 0 && source[first + (i - margin - 1) * stride] { inWindow -= 1 }
            if inWindow > 0 { target[first + i * stride] = true }
        }
    }

    /// Pixel ranges of the maximal runs of set blocks along a line of `count` blocks of `on` (block i at
    /// `first + i·stride`); the line is `length` pixels long.
    private static func spans(
        _ on: UnsafeBufferPointer<Bool>, first: Int, stride: Int, count: Int, length: Int
    ) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var b = 0
        while b < count {
            guard on[first + b * stride] else {
                b += 1
                continue
            }
            var e = b
            while e + 1 < count && on[first + (e + 1) * stride] { e += 1 }
            let start = b * CandidateMap.blockSize
            let end = e == count - 1 ? length : (e + 1) * CandidateMap.blockSize
            out.append(start..<end)
            b = e + 1
        }
        return out
    }
}
