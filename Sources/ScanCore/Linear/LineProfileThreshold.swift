/// Turns one line's luminance profile into runs with sub-pixel edges, without a fixed threshold.
///
/// The profile is smoothed lightly ([1 2 1] / 4) unless told not to, then its alternating extrema are found
/// with hysteresis:
/// a maximum counts once the profile has fallen `hysteresis` below it, a minimum once it has risen that
/// much above it. Each bar is a minimum and each space a maximum, however far blur has pulled a thin bar
/// towards the light level, and shading across the line only moves both.
///
/// The edge between a maximum and the next minimum (or the reverse) is where the profile crosses the
/// middle of the *local envelope*: halfway between the lightest space and the darkest bar among its two
/// extrema and the `envelopeReach` extrema beyond each of them (interpolated linearly between pixels). A blurred step between
/// full light and full dark crosses that level at the true edge, and so, nearly, do the edges of a bar or
/// space narrower than the blur, whose extremum blur has pulled part-way to the other level: with
/// Gaussian blur σ, an element w wide still reaches past the middle while w > 1.35 σ, and at its true
/// edges the profile is within Q(w / σ) of the middle (Q the normal tail: 0.05 at w = 1.7 σ). The mean of
/// the two neighbouring extrema, the obvious level, lies inside such an element's reduced swing, so narrow
/// elements read wider and their wide neighbours narrower: on the dense corpus's shelves (EAN/UPC, modules
/// 1.6–3.5 px) the rows reading the symbol's value went from 1,184 to 2,168 of the same lines, and the rows
/// reading another value from 88 to 39. The level is kept at least `levelMargin` of the two extrema's
/// difference inside it, so an element that does not reach the envelope's middle still gives two edges,
/// near its own extremum. Cost: one pass over the line and one over its extrema.
public enum LineProfileThreshold {
    /// How many extrema beyond each of an edge's two extrema make its local envelope (12: about six bars
    /// and six spaces, 10–20 modules of a linear symbol, short enough for shading across the line).
    public static let envelopeReach = 12
    /// The least distance of an edge's level from either neighbouring extremum, as a fraction of their
    /// difference.
    public static let levelMargin = 0.2

    /// The hysteresis for a profile: a fraction of its luminance range, at least `minimum` grey levels.
    public static func hysteresis(_ profile: [UInt8], fraction: Double = 0.07, minimum: Int = 8) -> Int {
        guard let lo = profile.min(), let hi = profile.max() else { return minimum }
        return max(minimum, Int(Double(Int(hi) - Int(lo)) * fraction))
    }

    /// Edge positions along `profile` (pixels from its start, where pixel i covers [i, i+1)) and whether
    /// the line starts dark. Consecutive edges alternate light→dark and dark→light.
    ///
    /// `smoothing` applies the [1 2 1] / 4 kernel first: it steadies edges in sensor noise, but it also
    /// takes about 60 % of the contrast of bars and spaces 1.7 pixels wide (a period of 3.4 pixels), which
    /// blur and JPEG have already thinned; lines of small modules read better without it.
    public static func edges(
        _ profile: [UInt8], hysteresis h: Int? = nil, smoothing: Bool = true
    ) -> (edges: [Double], startsDark: Bool) {
        let n = profile.count
        guard n >= 3 else { return ([], false) }
        let hh = 4 * (h ?? hysteresis(profile))
        // ×4 (smoothed or not); the kernel's ends repeat their pixel.
        let smoothed = [Int](unsafeUninitializedCapacity: n) { out, initialized in
            profile.withUnsafeBufferPointer { p in
                if smoothing {
                    out[0] = 3 * Int(p[0]) + Int(p[1])
                    for i in 1..<(n - 1) { out[i] = Int(p[i - 1]) + 2 * Int(p[i]) + Int(p[i + 1]) }
                    out[n - 1] = Int(p[n - 2]) + 3 * Int(p[n - 1])
                } else {
                    for i in 0..<n { out[i] = 4 * Int(p[i]) }
                }
            }
            initialized = n
        }
        return smoothed.withUnsafeBufferPointer { s in edges(smoothed: s, hysteresis4: hh) }
    }

    /// ``edges(_:hysteresis:)`` of a smoothed profile `s` (×4) with hysteresis `hh` (×4).
    private static func edges(smoothed s: UnsafeBufferPointer<Int>, hysteresis4 hh: Int) -> (
        edges: [Double], startsDark: Bool
    ) {
        let n = s.count
        // Alternating extrema: index, and whether it is a maximum.
        var extremaAt: [Int] = []
        extremaAt.reserveCapacity(n / 4 + 8)
        var firstIsMax = false
        var lookingForMax = true  // decided by the first significant move
        var candidate = 0
        var lo = 0, hi = 0
        var i = 1
        while i < n {
            if s[i] > s[hi] { hi = i }
            if s[i] < s[lo] { lo = i }
            if s[hi] - s[lo] >= hh {
                // The earlier of the two is the first extremum.
                if lo < hi {
                    extremaAt.append(lo); firstIsMax = false; lookingForMax = true; candidate = hi
                } else {
                    extremaAt.append(hi); firstIsMax = true; lookingForMax = false; candidate = lo
                }
                i += 1
                break
            }
            i += 1
        }
        guard !extremaAt.isEmpty else { return ([], false) }
        while i < n {
            let v = s[i]
            if lookingForMax {
                if v > s[candidate] {
                    candidate = i
                } else if s[candidate] - v >= hh {
                    extremaAt.append(candidate); lookingForMax = false; candidate = i
                }
            } else {
                if v < s[candidate] {
                    candidate = i
                } else if v - s[candidate] >= hh {
                    extremaAt.append(candidate); lookingForMax = true; candidate = i
                }
            }
            i += 1
        }
        // The last extremum is confirmed by the line's end when the profile moved far enough from it.
        if let last = extremaAt.last, abs(s[candidate] - s[last]) >= hh, candidate != last {
            extremaAt.append(candidate)
        }
        var out: [Double] = []
        out.reserveCapacity(extremaAt.count)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, extremaAt.count)) { levels in
            envelopeLevels(s, extremaAt, into: levels)
            for k in 1..<max(1, extremaAt.count) {
                let p = extremaAt[k - 1], q = extremaAt[k]
                let mid = levels[k - 1]
                // First crossing of `mid` between the two extrema.
                var j = p
                if s[p] > s[q] {
                    while j < q && s[j + 1] > mid { j += 1 }
                } else {
                    while j < q && s[j + 1] < mid { j += 1 }
                }
                let a = Double(s[j]), b = Double(s[min(q, j + 1)])
                let f = a == b ? 0.5 : (Double(mid) - a) / (b - a)
                // Pixel i's sample sits at i + 0.5.
                out.append(Double(j) + 0.5 + min(1, max(0, f)))
            }
        }
        return (out, !firstIsMax)
    }

    /// The level of each edge between consecutive extrema (`extremaAt[k]`, `extremaAt[k + 1]`), written to
    /// `levels[k]`: the middle of the lightest and darkest extremum from `extremaAt[k - envelopeReach]` to
    /// `extremaAt[k + 1 + envelopeReach]`, kept `levelMargin` inside the two extrema's own range. Sliding
    /// window maximum and minimum (monotone queues of extremum numbers): linear in the extrema.
    private static func envelopeLevels(
        _ s: UnsafeBufferPointer<Int>, _ extremaAt: [Int], into levels: UnsafeMutableBufferPointer<Int>
    ) {
        let m = extremaAt.count
        guard m >= 2 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * m) { queues in
            // Maxima queue in queues[0..<m], minima queue in queues[m..<2m]: head and end indices.
            var maxHead = 0, maxEnd = 0, minHead = m, minEnd = m
            var next = 0  // the next extremum to enter the window
            for k in 0..<(m - 1) {
                let upper = min(m - 1, k + 1 + envelopeReach), lower = max(0, k - envelopeReach)
                while next <= upper {
                    let v = s[extremaAt[next]]
                    while maxEnd > maxHead, s[extremaAt[queues[maxEnd - 1]]] <= v { maxEnd -= 1 }
                    queues[maxEnd] = next
                    maxEnd += 1
                    while minEnd > minHead, s[extremaAt[queues[minEnd - 1]]] >= v { minEnd -= 1 }
                    queues[minEnd] = next
                    minEnd += 1
                    next += 1
                }
                while queues[maxHead] < lower { maxHead += 1 }
                while queues[minHead] < lower { minHead += 1 }
                let envelope = (s[extremaAt[queues[maxHead]]] + s[extremaAt[queues[minHead]]]) / 2
                let a = s[extremaAt[k]], b = s[extremaAt[k + 1]]
                let lo = min(a, b), hi = max(a, b)
                let inset = Int(Double(hi - lo) * levelMargin)
                levels[k] = min(hi - inset, max(lo + inset, envelope))
            }
        }
    }

    /// Runs in the convention of ``BitMatrix/rowRuns(_:)`` (light first) plus their sub-pixel starts
    /// (`runs.count + 1` entries, the last being the profile length).
    public static func runs(
        _ profile: [UInt8], hysteresis h: Int? = nil, smoothing: Bool = true
    ) -> (runs: [Int], starts: [Double]) {
        let (e, startsDark) = edges(profile, hysteresis: h, smoothing: smoothing)
        var starts: [Double] = []
        starts.reserveCapacity(e.count + 3)
        starts.append(0)
        if startsDark { starts.append(0) }
        starts += e
        starts.append(Double(profile.count))
        // Integer runs from rounded edges, keeping the total equal to the length.
        var runs: [Int] = []
        runs.reserveCapacity(starts.count - 1)
        var previous = 0
        for k in 1..<starts.count {
            let edge = roundedPosition(starts[k])
            runs.append(edge - previous)
            previous = edge
        }
        return (runs, starts)
    }

    /// `x.rounded()` (half away from zero) for a position `x` ≥ 0, without the C library call that
    /// `rounded()` makes on baseline x86-64: the fraction `x − ⌊x⌋` is exact.
    @inline(__always)
    static func roundedPosition(_ x: Double) -> Int {
        let whole = Int(x)
        return x - Double(whole) >= 0.5 ? whole + 1 : whole
    }
}
