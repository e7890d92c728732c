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
    /// The places where a dot-peen symbol may be: groups of packed dots linked by neighbours within
    /// `2 side` of one another, each with at least ``fewestDots`` dots, largest first.
    public let clusters: [Cluster]

    /// Packed dots linked to one another by neighbours within twice their side: one symbol's dots.
    public struct Cluster: Sendable, Equatable {
        /// The box around the dots' centres, image pixels.
        public var box: Rect
        /// How many dots it holds.
        public var dots: Int
        /// Median distance (pixels) from one of its dots to the nearest other one.
        public var pitch: Double
    }

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
            self.clusters = []
            return
        }
        // Nearest neighbours through a bucket grid of cell `2 · mode` (only the 3 × 3 cells around a dot
        // can hold a neighbour within that distance; farther ones count as "none"); dots within a cell of
        // one another are linked (union–find) into clusters.
        let cell = Double(2 * mode)
        var buckets: [Int64: [Int]] = [:]
        func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << 32 | Int64(UInt32(bitPattern: Int32(cy))) }
        for (i, d) in similar.enumerated() {
            buckets[key(Int((d.x / cell).rounded(.down)), Int((d.y / cell).rounded(.down))), default: []].append(i)
        }
        var parent = Array(similar.indices)
        func find(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var k = i
            while parent[k] != r {
                let next = parent[k]
                parent[k] = r
                k = next
            }
            return r
        }
        var nearestOf = [Double](repeating: .infinity, count: similar.count)
        for (i, d) in similar.enumerated() {
            let cx = Int((d.x / cell).rounded(.down))
            let cy = Int((d.y / cell).rounded(.down))
            for gy in (cy - 1)...(cy + 1) {
                for gx in (cx - 1)...(cx + 1) {
                    for j in buckets[key(gx, gy)] ?? [] where j != i {
                        let dx = similar[j].x - d.x
                        let dy = similar[j].y - d.y
                        let distance = (dx * dx + dy * dy).squareRoot()
                        nearestOf[i] = min(nearestOf[i], distance)
                        if distance <= cell {
                            let a = find(i), b = find(j)
                            if a != b { parent[max(a, b)] = min(a, b) }
                        }
                    }
                }
            }
        }
        var nearest: [Double] = []
        var members: [Int: [Int]] = [:]
        for i in similar.indices where nearestOf[i] <= cell {
            nearest.append(nearestOf[i])
            members[find(i), default: []].append(i)
        }
        nearest.sort()
        self.side = mode
        self.packed = nearest.count
        self.pitch = nearest.isEmpty ? 0 : nearest[nearest.count / 2]
        var clusters: [Cluster] = []
        for group in members.values where group.count >= Self.fewestDots {
            let distances = group.map { nearestOf[$0] }.sorted()
            clusters.append(
                Cluster(
                    box: Rect(enclosing: group.map { Point(similar[$0].x, similar[$0].y) }), dots: group.count,
                    pitch: distances[distances.count / 2]))
        }
        self.clusters = clusters.sorted {
            $0.dots != $1.dots ? $0.dots > $1.dots : ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x)
        }
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

    /// True when enough packed dots of one size were seen in one place for a dot-peen symbol to be worth
    /// a pass there (a cluster of at least ``fewestDots``).
    public var suggestsDotPeen: Bool { side >= Self.smallestSide && !clusters.isEmpty }

    /// ``joiningRadius(pitch:)`` at the median pitch of all packed dots.
    public var joiningRadius: Int { joiningRadius(pitch: pitch) }

    /// The dilation radius (pixels) that joins neighbouring dots `pitch` pixels apart, diagonal ones
    /// included, while a light module between two dots keeps a light centre.
    ///
    /// Two dots of diameter `d` one pitch `p` apart diagonally are `p − 0.7 d` apart along each axis, so
    /// a square of radius `(p − 0.7 d) / 2` (plus a pixel for ragged edges) bridges them; the centre of a
    /// light module between two dots is `p − d / 2` from both, so the radius stays below that.
    public func joiningRadius(pitch: Double) -> Int {
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

    /// The pixels of the rectangle at (`x`, `y`) of `w × h` pixels, which must lie inside the matrix, as a
    /// matrix of their own (its origin at the rectangle's top-left corner).
    func dmCropped(x: Int, y: Int, width w: Int, height h: Int) -> BitMatrix {
        var out = [UInt8](repeating: 0, count: w * h)
        bits.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in 0..<h {
                    for col in 0..<w { dst[row * w + col] = src[(y + row) * width + x + col] }
                }
            }
        }
        return BitMatrix(width: w, height: h, bits: out)
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
