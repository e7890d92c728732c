/// Turns one line's luminance profile into runs with sub-pixel edges, without a fixed threshold.
///
/// The profile is smoothed lightly ([1 2 1] / 4) unless told not to, then its alternating extrema are found
/// with hysteresis:
/// a maximum counts once the profile has fallen `hysteresis` below it, a minimum once it has risen that
/// much above it. Each bar is a minimum and each space a maximum, however far blur has pulled a thin bar
/// towards the light level, and shading across the line only moves both. The edge between a maximum and
/// the next minimum (or the reverse) is where the profile crosses their mean, interpolated linearly
/// between pixels. Cost: one pass over the line.
public enum LineProfileThreshold {
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
        for k in 1..<max(1, extremaAt.count) {
            let p = extremaAt[k - 1], q = extremaAt[k]
            let mid = (s[p] + s[q]) / 2
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
        return (out, !firstIsMax)
    }

    /// Runs in the convention of ``BitMatrix/rowRuns(_:)`` (light first) plus their sub-pixel starts
    /// (`runs.count + 1` entries, the last being the profile length).
    public static func runs(
        _ profile: [UInt8], hysteresis h: Int? = nil, smoothing: Bool = true
    ) -> (runs: [Int], starts: [Double]) {
        let (e, startsDark) = edges(profile, hysteresis: h, smoothing: smoothing)
        var starts: [Double] = [0]
        if startsDark { starts.append(0) }
        starts += e
        starts.append(Double(profile.count))
        // Integer runs from rounded edges, keeping the total equal to the length.
        var runs: [Int] = []
        runs.reserveCapacity(starts.count - 1)
        for k in 1..<starts.count {
            runs.append(Int(starts[k].rounded()) - Int(starts[k - 1].rounded()))
        }
        return (runs, starts)
    }
}
