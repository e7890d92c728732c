import ScanCore

/// Luminance profiles along straight lines of the image and the bar/space edges on them.
struct PDF417LineProfile {
    /// Edge positions in the line's own coordinate (see ``PDF417LineReader``), alternating rising
    /// (light → dark) and falling.
    var edges: [Double]
    /// True when `edges[0]` is a rising edge.
    var firstRising: Bool

    func isRising(_ k: Int) -> Bool { (k % 2 == 0) == firstRising }

    /// Index of the rising (or falling) edge nearest `x` within `tolerance`, or nil.
    func nearestEdge(to x: Double, rising: Bool, tolerance: Double) -> Int? {
        var best: Int?
        var bestDistance = tolerance
        // Edges are sorted: binary search for the insertion point, then look around it.
        var lo = 0, hi = edges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if edges[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        for k in max(0, lo - 3)..<min(edges.count, lo + 3) where isRising(k) == rising {
            let d = abs(edges[k] - x)
            if d <= bestDistance { bestDistance = d; best = k }
        }
        return best
    }

    /// The `count` element widths following edge `k`, or nil past the end.
    func widths(from k: Int, count: Int) -> ArraySlice<Double>? {
        guard k >= 0, k + count < edges.count else { return nil }
        var w: [Double] = []
        w.reserveCapacity(count)
        for i in k..<(k + count) { w.append(edges[i + 1] - edges[i]) }
        return w[...]
    }
}

/// Samples the image along lines and turns the profiles into edges (``LineProfileThreshold``).
enum PDF417LineReader {
    /// Bilinear luminance at `count` points given by `point`; outside the image, the line's lightest value.
    /// Inlined so that `point` (a transform applied per sample) is too: the grid reader samples millions.
    @inline(__always)
    static func profile(_ image: LuminanceImage, count: Int, point: (Int) -> Point) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: count)
        var outside: [Int] = []
        let w = image.width, h = image.height
        image.storage.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<count {
                    let p = point(i)
                    // Outside the image counts as light (a symbol touching the border still has its quiet
                    // zone).
                    guard p.x >= 0, p.y >= 0, p.x <= Double(w), p.y <= Double(h) else {
                        outside.append(i)
                        continue
                    }
                    guard let v = image.bilinear(at: p, in: src) else { continue }
                    dst[i] = UInt8(min(255, max(0, v + 0.5)))
                }
            }
        }
        if !outside.isEmpty && outside.count < count {
            // As light as the lightest part of the line inside the image, not brighter (low-contrast images).
            var light: UInt8 = 0
            var k = 0
            for i in 0..<count {
                if k < outside.count && outside[k] == i { k += 1 } else { light = max(light, out[i]) }
            }
            for i in outside { out[i] = light }
        }
        return out
    }

    /// Edges along the straight segment `from` → `to`, positions in pixels from `from`. The profile is the
    /// mean of three parallel lines `across` apart (along the bars, against noise).
    /// `oversample` samples per pixel keep 1-pixel elements apart through the profile's smoothing.
    static func profile(_ image: LuminanceImage, from a: Point, to b: Point, across: Point, oversample: Int = 1)
        -> [UInt8]
    {
        let length = a.distance(to: b)
        let count = max(8, Int((length * Double(oversample)).rounded()))
        let step = (b - a) * (1 / Double(count))
        let p0 = profile(image, count: count) { a + step * (Double($0) + 0.5) }
        let p1 = profile(image, count: count) { a + across + step * (Double($0) + 0.5) }
        let p2 = profile(image, count: count) { a - across + step * (Double($0) + 0.5) }
        return mean(p0, p1, p2)
    }

    static func mean(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> [UInt8] {
        var out = a
        for i in out.indices { out[i] = UInt8((Int(a[i]) * 2 + Int(b[i]) + Int(c[i]) + 2) / 4) }
        return out
    }

    /// Edges of a profile; sample i covers [origin + i·scale, origin + (i+1)·scale). `fraction` is the
    /// hysteresis as a fraction of the profile's range (see ``LineProfileThreshold``).
    static func edges(_ profile: [UInt8], origin: Double, scale: Double, fraction: Double = 0.07)
        -> PDF417LineProfile
    {
        let h = LineProfileThreshold.hysteresis(profile, fraction: fraction, minimum: fraction < 0.07 ? 5 : 8)
        let (e, startsDark) = LineProfileThreshold.edges(profile, hysteresis: h)
        return PDF417LineProfile(edges: e.map { origin + $0 * scale }, firstRising: !startsDark)
    }

    /// True when 8 or 9 measured widths look like `pattern` (modules).
    static func looksLike(_ w: ArraySlice<Double>, _ pattern: [Int], tolerance: Double = 0.5) -> Bool {
        guard w.count == pattern.count else { return false }
        let total = w.reduce(0, +)
        guard total > 0 else { return false }
        let m = total / Double(pattern.reduce(0, +))
        var sum = 0.0
        for (x, p) in zip(w, pattern) {
            let d = abs(x / m - Double(p))
            if d > max(1.0, 0.35 * Double(p)) { return false }
            sum += d
        }
        return sum <= Double(pattern.count) * tolerance
    }
}
