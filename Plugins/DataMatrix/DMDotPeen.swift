import ScanCore

/// Evidence of a dot-peen (or ink-jet dot) symbol in a binarized image: dark components shaped like
/// one module each, most of them the same size and packed at one pitch.
///
/// ```swift
/// let dots = DMDotCensus(dots: centresAndSides)   // [(x, y, side)] of the dot-like components
/// dots.side      // 5: the most common side (pixels)
/// dots.pitch     // 7.0: median distance from such a dot to its nearest neighbour
/// dots.packed    // 348: dots of that size with a neighbour within twice their side
/// ```
///
/// Direct part marking (dot peen, ink-jet) often makes each module a round dot; the modules of such a
/// symbol do not touch, so the finder is a row of separate dots and the detector, which looks
/// for one large component with two solid sides, sees only dots. The census is taken in the component
/// pass the detector makes anyway.
public struct DMDotCensus: Sendable, Equatable {
    /// The most common bounding-box side of the dot-like components, in pixels (0 when there are none).
    public let side: Int
    /// Median distance (pixels) from a dot of about that side to the nearest other one (0 when none).
    public let pitch: Double
    /// Dots within a pixel of `side` that have another such dot within `2 side` (a symbol's dots are
    /// packed one pitch apart; specks of texture are scattered).
    public let packed: Int

    /// Dots smaller than this (pixels) are not counted: binarized noise is mostly specks of 1–3 pixels.
    public static let smallestSide = 4
    /// A symbol has at least this many dark modules (10×10: 19 finder, 9 timing and some data modules),
    /// so fewer packed dots are not a dot-peen symbol.
    public static let fewestDots = 40

    /// The census of dot-like components given as centre (pixels) and bounding-box side.
    public init(dots: [(x: Double, y: Double, side: Int)]) {
        var histogram: [Int: Int] = [:]
        for d in dots { histogram[d.side, default: 0] += 1 }
        // Most common side; ties to the smaller side.
        let mode = histogram.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? 0
        let similar = dots.filter { abs($0.side - mode) <= 1 }
        guard mode > 0, similar.count > 1 else {
            self.side = mode
            self.pitch = 0
            self.packed = 0
            return
        }
        // Nearest neighbours through a bucket grid of cell `2 · mode` (only the 3 × 3 cells around a dot
        // can hold a neighbour within that distance; farther ones count as "none").
        let cell = Double(2 * mode)
        var buckets: [Int64: [Int]] = [:]
        func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << 32 | Int64(UInt32(bitPattern: Int32(cy))) }
        for (i, d) in similar.enumerated() {
            buckets[key(Int((d.x / cell).rounded(.down)), Int((d.y / cell).rounded(.down))), default: []].append(i)
        }
        var nearest: [Double] = []
        for (i, d) in similar.enumerated() {
            let cx = Int((d.x / cell).rounded(.down))
            let cy = Int((d.y / cell).rounded(.down))
            var best = Double.infinity
            for gy in (cy - 1)...(cy + 1) {
                for gx in (cx - 1)...(cx + 1) {
                    for j in buckets[key(gx, gy)] ?? [] where j != i {
                        let dx = similar[j].x - d.x
                        let dy = similar[j].y - d.y
                        best = min(best, (dx * dx + dy * dy).squareRoot())
                    }
                }
            }
            if best <= cell { nearest.append(best) }
        }
        nearest.sort()
        self.side = mode
        self.packed = nearest.count
        self.pitch = nearest.isEmpty ? 0 : nearest[nearest.count / 2]
    }

    /// Whether a component of `width × height` pixels with `pixels` dark pixels looks like one dot:
    /// at least ``smallestSide``, nearly square, and filling at least half its bounding box (a disc fills
    /// π/4 of it, a square dot all of it).
    public static func isDot(width: Int, height: Int, pixels: Int) -> Bool {
        let side = max(width, height)
        guard min(width, height) >= smallestSide - 1, side >= smallestSide else { return false }
        guard Double(abs(width - height)) <= 1 + 0.25 * Double(side) else { return false }
        return 2 * pixels >= width * height
    }

    /// True when enough packed dots of one size were seen for a dot-peen symbol to be worth a pass.
    public var suggestsDotPeen: Bool { side >= Self.smallestSide && packed >= Self.fewestDots && pitch > 0 }

    /// The dilation radius (pixels) that joins neighbouring dots, diagonal ones included, while a light
    /// module between two dots keeps a light centre.
    ///
    /// Two dots of diameter `d` one pitch `p` apart diagonally are `p − 0.7 d` apart along each axis, so
    /// a square of radius `(p − 0.7 d) / 2` (plus a pixel for ragged edges) bridges them; the centre of a
    /// light module between two dots is `p − d / 2` from both, so the radius stays below that.
    public var joiningRadius: Int {
        let d = Double(side)
        let join = Int(((pitch - 0.7 * d) / 2).rounded(.up)) + 1
        let keep = Int((pitch - d / 2 - 0.5).rounded(.down))
        return max(1, min(join, keep))
    }
}

extension BitMatrix {
    /// Morphological dilation by a `(2 radius + 1)`-pixel square: every dark pixel grown by `radius`
    /// along both axes. Dots closer than `2 radius` (along each axis) join; light areas wider than that
    /// keep a light core. Outside the matrix grows nothing. Two passes of O(width · height).
    ///
    /// ```swift
    /// let joined = dots.dmDilated(radius: 3)   // dots 5 px apart, diagonal ones too, become one component
    /// ```
    public func dmDilated(radius r: Int) -> BitMatrix {
        guard r > 0, width > 0, height > 0 else { return self }
        return BitMatrix(width: width, height: height, bits: dmFiltered(bits, radius: r, grow: true))
    }

    /// One dilation (`grow`) or erosion by the square of side `2 r + 1`, as a horizontal then a vertical
    /// pass. A pixel is dark after dilation when a dark pixel lies within `r` along the pass; after
    /// erosion when no light pixel does.
    private func dmFiltered(_ input: [UInt8], radius r: Int, grow: Bool) -> [UInt8] {
        let w = width
        let h = height
        var horizontal = [UInt8](repeating: 0, count: w * h)
        var out = [UInt8](repeating: 0, count: w * h)
        // The value looked for within the window: dark when growing, light when shrinking.
        let target: UInt8 = grow ? 1 : 0
        input.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let base = y * w
                    // The last target pixel on the left (none yet: out of reach).
                    var last = -r - 1
                    for x in 0..<w {
                        if src[base + x] == target { last = x }
                        dst[base + x] = x - last <= r ? target : 1 - target
                    }
                    var next = w + r + 1
                    for x in stride(from: w - 1, through: 0, by: -1) {
                        if src[base + x] == target { next = x }
                        if next - x <= r { dst[base + x] = target }
                    }
                }
            }
        }
        horizontal.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for x in 0..<w {
                    var last = -r - 1
                    for y in 0..<h {
                        if src[y * w + x] == target { last = y }
                        dst[y * w + x] = y - last <= r ? target : 1 - target
                    }
                    var next = h + r + 1
                    for y in stride(from: h - 1, through: 0, by: -1) {
                        if src[y * w + x] == target { next = y }
                        if next - y <= r { dst[y * w + x] = target }
                    }
                }
            }
        }
        return out
    }
}
