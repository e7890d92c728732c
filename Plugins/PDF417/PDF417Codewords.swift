/// Symbol characters of PDF417 (ISO/IEC 15438:2015 §5.3): each codeword is drawn as 4 bars and
/// 4 spaces, 17 modules in all, each element 1…6 modules, starting with a bar. Three disjoint pattern
/// sets (clusters 0, 3 and 6, used by rows 0, 1, 2 mod 3) encode the values 0…928; a pattern's cluster
/// number is (b1 − b2 + b3 − b4 + 9) mod 9 with b the bar widths.
///
/// ```swift
/// let hit = PDF417Codewords.lookup(widths: [3, 1, 1, 1, 1, 1, 4, 5])   // (value, cluster) or nil
/// ```
enum PDF417Codewords {
    /// The start pattern: bar, space, … widths in modules (17 modules).
    static let start = [8, 1, 1, 1, 1, 1, 1, 3]
    /// The stop pattern of a full-range symbol (18 modules, ending with a 1-module bar).
    static let stop = [7, 1, 1, 3, 1, 1, 1, 2, 1]

    /// Lookup from a 17-bit pattern to `value | clusterIndex << 10` (clusterIndex 0, 1, 2 for clusters
    /// 0, 3, 6), or −1 for a pattern that is no codeword.
    static let byPattern: [Int16] = {
        var t = [Int16](repeating: -1, count: 1 << 17)
        for (ci, table) in [PDF417CodewordTable.cluster0, PDF417CodewordTable.cluster3, PDF417CodewordTable.cluster6]
            .enumerated()
        {
            for (value, pattern) in table.enumerated() { t[Int(pattern)] = Int16(value | ci << 10) }
        }
        return t
    }()

    /// The pattern of 8 element widths (bar first, modules) as 17 bits, or nil when they are not 8, are
    /// not each 1…6 modules or do not add up to 17.
    static func pattern(_ widths: [Int]) -> Int? {
        guard widths.count == 8 else { return nil }
        return pattern(SIMD8(widths))
    }

    /// ``pattern(_:)-([Int])`` of widths held in a vector (no array: the decoder asks for every width set
    /// it tries).
    @inline(__always)
    static func pattern(_ widths: SIMD8<Int>) -> Int? {
        guard widths.wrappedSum() == 17 else { return nil }
        var p = 0
        for i in 0..<8 {
            let w = widths[i]
            guard w >= 1 && w <= 6 else { return nil }
            p = p << w
            if i % 2 == 0 { p |= (1 << w) - 1 }
        }
        return p
    }

    /// The codeword value and cluster index (0, 1, 2 for clusters 0, 3, 6) of 8 element widths (modules),
    /// or nil when they make no codeword.
    static func lookup(widths: [Int]) -> (value: Int, cluster: Int)? {
        guard widths.count == 8 else { return nil }
        return lookup(SIMD8(widths))
    }

    /// ``lookup(widths:)`` of widths held in a vector.
    @inline(__always)
    static func lookup(_ widths: SIMD8<Int>) -> (value: Int, cluster: Int)? {
        guard let p = pattern(widths) else { return nil }
        let e = Int(byPattern[p])
        return e < 0 ? nil : (e & 1023, e >> 10)
    }

    /// The 8 element widths of a 17-bit pattern.
    static func widths(ofPattern p: Int) -> [Int] {
        var out: [Int] = []
        var current = 1, run = 0
        for bit in stride(from: 16, through: 0, by: -1) {
            let b = (p >> bit) & 1
            if b == current { run += 1 } else { out.append(run); run = 1; current = b }
        }
        out.append(run)
        return out
    }

    /// Best codeword for 8 measured element widths (any unit), preferring `cluster` when given.
    ///
    /// The widths are scaled to 17 modules and rounded; when the rounding does not add up to 17 or
    /// gives no codeword of the wanted cluster, the nearest patterns one module away (one element one
    /// module wider, another one narrower) are tried, cheapest first, within a total error of
    /// `maxError` modules. Returns the value, its cluster index and the error in modules.
    /// Allocation-free (fixed-size vectors): the grid reader asks it for every codeword of every line.
    static func decode(_ measured: ArraySlice<Double>, cluster: Int? = nil, maxError: Double = 2.2)
        -> (value: Int, cluster: Int, error: Double)?
    {
        let total = measured.reduce(0, +)
        guard measured.count == 8, total > 0 else { return nil }
        var scaled = SIMD8<Double>()
        var base = SIMD8<Int>()
        for i in 0..<8 {
            scaled[i] = measured[measured.startIndex + i] * 17 / total
            base[i] = max(1, min(6, Int(scaled[i].rounded())))
        }
        // Bring the sum to 17 by moving the elements with the largest rounding residue.
        var sum = base.wrappedSum()
        var guardCount = 0
        while sum != 17 && guardCount < 8 {
            guardCount += 1
            var best = -1
            var bestScore = Double.infinity
            for i in 0..<8 {
                let d = sum > 17 ? Double(base[i]) - scaled[i] : scaled[i] - Double(base[i])
                let ok = sum > 17 ? base[i] > 1 : base[i] < 6
                if ok && -d < bestScore { bestScore = -d; best = i }
            }
            guard best >= 0 else { return nil }
            base[best] += sum > 17 ? -1 : 1
            sum += sum > 17 ? -1 : 1
        }
        func error(_ w: SIMD8<Int>) -> Double {
            var e = 0.0
            for i in 0..<8 { e += abs(Double(w[i]) - scaled[i]) }
            return e
        }
        if let hit = lookup(base), cluster == nil || hit.cluster == cluster {
            let e = error(base)
            return e <= maxError ? (hit.value, hit.cluster, e) : nil
        }
        // Edge-to-similar-edge distances (bar + following space, space + following bar) are unchanged by
        // ink spread and blur, which move all rising edges one way and all falling edges the other
        // (the reference decode of ISO/IEC 15438 works from them). Rounded, with the first element
        // chosen, they fix the whole pattern.
        var t = SIMD8<Int>()  // 7 sums; the last lane stays 0
        for i in 0..<7 { t[i] = Int((scaled[i] + scaled[i + 1]).rounded()) }
        var best: (Int, Int, Double)?
        for first in 1...6 {
            var w = SIMD8<Int>()
            w[0] = first
            for i in 0..<7 { w[i + 1] = t[i] - w[i] }
            // lookup is nil unless every element is 1…6 and they add up to 17.
            if let hit = lookup(w), cluster == nil || hit.cluster == cluster {
                var e = 0.0
                for i in 0..<7 { e += abs(Double(t[i]) - scaled[i] - scaled[i + 1]) }
                if e <= maxError && e < (best?.2 ?? .infinity) { best = (hit.value, hit.cluster, e) }
            }
        }
        if best != nil { return best }
        // One module moved from element j to element i.
        for i in 0..<8 where base[i] < 6 {
            for j in 0..<8 where j != i && base[j] > 1 {
                var w = base
                w[i] += 1
                w[j] -= 1
                let e = error(w)
                if e > maxError || e >= (best?.2 ?? .infinity) { continue }
                if let hit = lookup(w), cluster == nil || hit.cluster == cluster {
                    best = (hit.value, hit.cluster, e)
                }
            }
        }
        return best
    }

    /// The codeword whose 9 edges, given in modules from the place the symbol's module grid puts the
    /// codeword's start (ideally 0, …, 17), round to its module boundaries; and the error, the summed
    /// distance of the edges from those boundaries (modules). The grid may be off by a fraction of a
    /// module where the codeword lies: when the edges as given round to no codeword of `cluster`, they
    /// are rounded shifted onto the mean of the codeword's own first and last edges, then onto each of
    /// them, and the first valid rounding is kept. Nil when no rounding puts the first and last edges on
    /// 0 and 17 with every element 1…6 modules and the pattern a codeword of `cluster`.
    ///
    /// Rounding each edge against a grid fitted along the whole row, rather than widths one by one, reads
    /// aliased modules of about one pixel: every edge of such an image lies on a pixel boundary, up to half
    /// a pixel (under half a module) from its place, so elements measure a module too wide or too narrow
    /// while each edge still rounds to its own boundary.
    static func gridRounded(_ edges: [Double], cluster: Int? = nil) -> (value: Int, cluster: Int, error: Double)? {
        guard edges.count == 9 else { return nil }
        var widths = SIMD8<Int>()
        let first = edges[0], last = edges[8] - 17
        let shifts = SIMD4<Double>(0, (first + last) / 2, first, last)
        shifts: for n in 0..<4 {
            let shift = shifts[n]
            // Each shift once: those tried before are the earlier ones under half a module.
            let tried = (0..<n).contains { abs(shifts[$0]) < 0.5 && abs(shifts[$0] - shift) < 1e-6 }
            guard abs(shift) < 0.5, !tried else { continue }
            var previous = 0, error = 0.0
            for i in 0..<9 {
                let e = edges[i] - shift
                let boundary = Int(e.rounded())
                error += abs(e - Double(boundary))
                if i == 0 {
                    guard boundary == 0 else { continue shifts }
                } else {
                    widths[i - 1] = boundary - previous
                    guard widths[i - 1] >= 1 && widths[i - 1] <= 6 else { continue shifts }
                }
                previous = boundary
            }
            guard previous == 17, let hit = lookup(widths), cluster == nil || hit.cluster == cluster else {
                continue
            }
            return (hit.value, hit.cluster, error)
        }
        return nil
    }
}
