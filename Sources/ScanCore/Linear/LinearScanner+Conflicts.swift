extension LinearScanner {
    /// Keeps, of clusters that claim one symbol with different values, only a clear winner.
    ///
    /// Two clusters claim one symbol when at least half of the shorter one's span lies in the other's
    /// and their lines overlap, or the bars run on across the lines between them (``barsContinue``): a
    /// cut, a glare band or a scratch across part of the bars makes one band of lines read another value,
    /// and that band is not a second symbol above the first.
    /// - A *fragment* (``isFragment``: its span shorter than and inside the other's, or its value a part
    ///   of the other's) is part of the other reading, cut short, and is dropped.
    /// - Reads of one main symbol (``LinearMatch/supplementLength``: with another add-on or none) are no
    ///   rivals: the plugin checks the add-ons against each other.
    /// - Otherwise the values are rivals, and a cluster is kept only when it was read on at least twice as
    ///   many lines as all its rivals together: where lines of one symbol disagree without a clear
    ///   majority, no value is reported. A wrong value is worse than none. Those clusters are returned
    ///   as `contested`: reads of other line families at their place must win against them too.
    ///
    /// `unconfirmed` are the reads seen on too few lines to be reported: they are never kept, and they
    /// are no rivals (damage makes single lines read many values), but an accepted read that is a piece of
    /// one of them is dropped (a glare band that cuts a symbol short on most lines leaves a line or two
    /// that read it whole).
    ///
    /// `disputed[i]` is true when `kept[i]` won against rivals: the scan then keeps it only when the
    /// consensus along its bars reads it (``consensus(_:lines:image:options:decoders:)``).
    static func resolveConflicts(
        _ accepted: [Cluster], unconfirmed: [Cluster] = [], lines: LineSet, image: LuminanceImage?
    ) -> (kept: [Cluster], contested: [Cluster], disputed: [Bool]) {
        guard !accepted.isEmpty, accepted.count + unconfirmed.count > 1 else {
            return (accepted, [], [Bool](repeating: false, count: accepted.count))
        }
        let clusters = accepted + unconfirmed
        let n = clusters.count
        var fragment = [Bool](repeating: false, count: n)
        var rivals = [[Int]](repeating: [], count: n)
        let spans = clusters.map { alignedSpan($0, lines) }
        for i in accepted.indices {
            for j in (i + 1)..<n {
                let a = clusters[i], b = clusters[j]
                // The same value read in the other direction is no rival, nor another add-on of one symbol.
                guard a.key.format != b.key.format || a.main != b.main, coincide(spans[i], spans[j]) else {
                    continue
                }
                // An unconfirmed read counts only as the whole of which `a` is a piece: the place (and its
                // line profiles) is looked at only then.
                let piece = isFragment(a, of: b, spans: (spans[i], spans[j]))
                guard piece || j < accepted.count,
                    linesOverlap(a, b) || barsContinue(a, b, spans: (spans[i], spans[j]), lines, image)
                else { continue }
                if piece {
                    fragment[i] = true
                } else if isFragment(b, of: a, spans: (spans[j], spans[i])) {
                    fragment[j] = true
                } else {
                    rivals[i].append(j)
                    rivals[j].append(i)
                }
            }
        }
        var kept: [Cluster] = [], contested: [Cluster] = [], disputed: [Bool] = []
        for i in accepted.indices where !fragment[i] {
            let against = rivals[i].filter { !fragment[$0] }.reduce(0) { $0 + clusters[$1].lines.count }
            if clusters[i].lines.count >= 2 * against {
                kept.append(clusters[i])
                disputed.append(against > 0)
            } else {
                contested.append(clusters[i])
            }
        }
        return (kept, contested, disputed)
    }

    /// The same rule between the line families (rows, columns, slanted). Two readings of different
    /// families claim one place when their outlines intersect (``Quadrilateral/intersects(_:_:)``) and
    /// they are not one value (the same value or main symbol, as within a family).
    /// - A reading that is a piece of another family's longer reading there (``isPiece(_:of:)``: a part of
    ///   its value in the same format, or any value between its ends) is dropped (a glare band cuts an
    ///   ITF short on the rows; a slanted family reads it whole).
    /// - Otherwise, when they are about as long (``comparableLength(_:_:)``), they are rivals, accepted
    ///   (``Found/contested`` false) or not: a reading is kept only when its lines (``Found/support``) are
    ///   at least twice those of its rivals together; a piece is not kept, but its lines count against
    ///   other values there. Each family decides on its own lines, so two of them can each settle on
    ///   another value at one symbol; then neither, or only a clear winner, is reported. (Adding up the
    ///   lines of families that read one value gave 1 more read and 2 more wrong values in 14,000 stress
    ///   symbols.) Contested readings are never kept, and a reading with rivals is kept only when the
    ///   consensus along its bars read its value (``Found/agreesAlongBars``).
    static func resolveConflicts(_ found: [Found]) -> [Found] {
        guard found.count > 1 else { return found.filter { !$0.contested } }
        return found.indices.filter { i in
            let f = found[i]
            guard !f.contested else { return false }
            var against = 0
            for (j, c) in found.enumerated() where j != i && c.family != f.family {
                guard c.barcode.format != f.barcode.format || c.main != f.main,
                    Quadrilateral.intersects(c.barcode.cornerPoints, f.barcode.cornerPoints)
                else { continue }
                if isPiece(f, of: c) { return false }
                if isPiece(c, of: f) || !comparableLength(c.barcode, f.barcode) { continue }
                against += c.support
            }
            // A value with rivals must also be what the symbol's lines agree on along its bars.
            return f.support >= 2 * against && (against == 0 || f.agreesAlongBars)
        }.map { found[$0] }
    }

    /// True when `a` is a piece of `b`'s reading (``isFragment(_:of:spans:)`` is the rule within a
    /// family; the caller has found their outlines intersecting): `a`'s value is a shorter part of `b`'s
    /// in one format, or, whatever its format, `a` is shorter than 0.8 of `b` (readings about as long are
    /// rivals, ``comparableLength(_:_:)``) and every corner of `a`'s outline, projected onto `b`'s first
    /// edge (the span of `b`'s first line, in reading direction), lies between `b`'s ends, to
    /// max(2 px, 2 % of `b`'s length). `b` passed its quiet-zone checks at ends beyond `a`'s, so `a`'s ends
    /// lie inside a symbol: a line that leaves the bars of a tilted EAN-13 through their top edge just
    /// after the centre guard reads its left half as a UPC-E of number system 1 (same guards, same
    /// parity patterns), which passes its check digit once in ten. `b` may be a contested reading (its
    /// family found no clear winner there), as for the same-format rule.
    static func isPiece(_ a: Found, of b: Found) -> Bool {
        if a.barcode.format == b.barcode.format, let ta = a.barcode.rawValue, let tb = b.barcode.rawValue,
            isShorterPart(ta, of: tb)
        {
            return true
        }
        let ca = a.barcode.cornerPoints, cb = b.barcode.cornerPoints
        guard ca.count == 4, cb.count == 4, !comparableLength(a.barcode, b.barcode) else { return false }
        let length = cb[0].distance(to: cb[1])
        guard ca[0].distance(to: ca[1]) < length else { return false }
        // Positions along `b`'s first edge, 0 at its first corner.
        let ux = (cb[1].x - cb[0].x) / length, uy = (cb[1].y - cb[0].y) / length
        let along = ca.map { (($0.x - cb[0].x) * ux + ($0.y - cb[0].y) * uy) }
        let tolerance = max(2, 0.02 * length)
        return along.min()! >= -tolerance && along.max()! <= length + tolerance
    }

    /// True when `a` is a shorter part of `b` (a value read cut short).
    static func isShorterPart<S: StringProtocol, T: StringProtocol>(_ a: S, of b: T) -> Bool {
        a.count < b.count && b.contains(a)
    }

    /// True when the two readings are about as long (the shorter at least 0.8 of the longer, along the
    /// outline's first edge): one family's reading of a whole symbol is no rival of another family's
    /// reading of part of it (a row leaving a tilted symbol through its long edge).
    static func comparableLength(_ a: Barcode, _ b: Barcode) -> Bool {
        let ca = a.cornerPoints, cb = b.cornerPoints
        guard ca.count == 4, cb.count == 4 else { return false }
        let la = ca[0].distance(to: ca[1]), lb = cb[0].distance(to: cb[1])
        return min(la, lb) >= 0.8 * max(la, lb)
    }

    /// True when `a` is a piece of `b`'s reading: `a`'s span lies inside `b`'s (to 2 % of `b`'s length)
    /// and is shorter by more than that, or, of the same format, `a`'s value is a part of `b`'s longer
    /// value inside `b`'s span. `b` passed its quiet-zone checks at ends beyond `a`'s, so `a`'s ends lie
    /// inside a symbol (a line leaving a tilted symbol through its long edge, a glare band as wide as a
    /// quiet zone). A read of the same main symbol without an add-on is no piece of one with it.
    static func isFragment(_ a: Cluster, of b: Cluster, spans: (ClosedRange<Double>, ClosedRange<Double>)) -> Bool {
        let ka = a.key, kb = b.key
        guard ka.format != kb.format || a.main != b.main else { return false }
        let (sa, sb) = spans
        let tolerance = max(2, 0.02 * (sb.upperBound - sb.lowerBound))
        guard sa.lowerBound >= sb.lowerBound - tolerance && sa.upperBound <= sb.upperBound + tolerance else {
            return false
        }
        if (sa.upperBound - sa.lowerBound) < (sb.upperBound - sb.lowerBound) - tolerance { return true }
        return ka.format == kb.format && isShorterPart(ka.text, of: kb.text)
    }

    /// A cluster's span with each hit's positions moved to the family's common origin
    /// (``LineSet/origin(_:)``), so that spans on distant slanted lines compare.
    static func alignedSpan(_ c: Cluster, _ lines: LineSet) -> ClosedRange<Double> {
        var lo = Double.infinity, hi = -Double.infinity
        for h in c.hits {
            let o = lines.origin(h.line)
            lo = min(lo, Double(h.forwardStart) + o)
            hi = max(hi, Double(h.forwardEnd) + o)
        }
        return lo <= hi ? lo...hi : 0...0
    }

    /// True when at least half of the shorter span lies in the other.
    static func coincide(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Bool {
        let overlap = min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound)
        let shorter = min(a.upperBound - a.lowerBound, b.upperBound - b.lowerBound)
        return overlap > 0 && overlap >= 0.5 * shorter
    }

    static func linesOverlap(_ a: Cluster, _ b: Cluster) -> Bool {
        a.lineRange.overlaps(b.lineRange)
    }

    /// Least correlation (``profileCorrelation(_:_:shifts:)``) with the nearer band's profile for the
    /// bars to count as running on through a line.
    static let continuationCorrelation = 0.5

    /// True when the bars under the two clusters' common span run on across the lines between them:
    /// every pixel line there has a luminance profile that correlates with the profile of the nearer
    /// cluster's last line (``continuationCorrelation``), shifted as the symbol's tilt says, ±1 pixel.
    /// The tilt is the slope of the larger cluster's spans over its lines, or the slope from one
    /// cluster's span to the other's: a band of a few lines gives a slope only to a pixel over its
    /// height, which a gap of tens of lines multiplies. Damage changes a few modules of a line and
    /// leaves the rest; between two symbols stacked one above the other lie a quiet gap (its shading
    /// follows no bar) or text, which do not correlate with bars. Only for gaps up to the common span's
    /// length; false without an image.
    static func barsContinue(
        _ a: Cluster, _ b: Cluster, spans: (ClosedRange<Double>, ClosedRange<Double>), _ lines: LineSet,
        _ image: LuminanceImage?
    ) -> Bool {
        guard let image else { return false }
        let aIsLower = a.lineRange.upperBound < b.lineRange.lowerBound
        let (lower, upper) = aIsLower ? (a, b) : (b, a)
        let from = lower.lineRange.upperBound, to = upper.lineRange.lowerBound
        let lo = max(spans.0.lowerBound, spans.1.lowerBound), hi = min(spans.0.upperBound, spans.1.upperBound)
        guard to > from, hi - lo >= 8, Double(to - from) <= hi - lo else { return false }
        let (lowerSpan, upperSpan) = aIsLower ? spans : (spans.1, spans.0)
        let middle = { (r: ClosedRange<Double>) in (r.lowerBound + r.upperBound) / 2 }
        let centre = { (c: Cluster) in Double(c.lineRange.lowerBound + c.lineRange.upperBound) / 2 }
        let between = (middle(upperSpan) - middle(lowerSpan)) / (centre(upper) - centre(lower))
        let slopes = [tilt(a.lines.count >= b.lines.count ? a : b, lines), between]
        // Positions [lo, hi) of line k, moved by `shift` pixels; nil when they leave the line.
        func profile(_ k: Int, shift: Int = 0) -> [UInt8]? {
            let o = lines.origin(k)
            let start = Int((lo - o).rounded()) + shift, end = Int((hi - o).rounded()) + shift
            guard start >= 0, end <= lines.length(k), end - start >= 8 else { return nil }
            return lines.profile(image, k, start..<end)
        }
        guard let first = profile(from), let last = profile(to) else { return false }
        return slopes.contains { slope in
            ((from + 1)..<to).allSatisfy { k in
                let (reference, line) = k - from <= to - k ? (first, from) : (last, to)
                let expected = Int((slope * Double(k - line)).rounded())
                // The reference is read at shift 0; the gap line is read with the expected shift, and the
                // correlation tries a pixel either way.
                guard let p = profile(k, shift: expected) ?? profile(k) else { return false }
                return profileCorrelation(reference, p, shifts: -1...1) >= continuationCorrelation
            }
        }
    }

    /// How far a cluster's reading moves along its lines per line (pixels per line): the least-squares
    /// slope of its hits' span centres (aligned, ``LineSet/origin(_:)``) over their line indices; 0 when
    /// its lines are fewer than two apart.
    static func tilt(_ c: Cluster, _ lines: LineSet) -> Double {
        let points = c.hits.map { h in
            (x: Double(h.line), y: Double(h.forwardStart + h.forwardEnd) / 2 + lines.origin(h.line))
        }
        return RegressionLine(points, minimumSpread: 1)?.slope ?? 0
    }

    /// The largest normalized cross-correlation of two luminance profiles over `shifts` of `q` against
    /// `p` (samples; each on the positions both cover, ``Consensus/correlation(_:_:at:)``); 0 when either
    /// is flat (a standard deviation under 2 grey levels).
    static func profileCorrelation(_ p: [UInt8], _ q: [UInt8], shifts: ClosedRange<Int>) -> Double {
        var best = 0.0
        for shift in shifts {
            let n = min(p.count, q.count) - abs(shift)
            guard n >= 4 else { continue }
            let p0 = max(0, -shift), q0 = max(0, shift)
            guard let reference = Consensus.Reference(Array(p[p0..<(p0 + n)])) else { continue }
            best = max(best, Consensus.correlation(reference, q, at: q0))
        }
        return best
    }
}
