extension LinearScanner {
    /// One decoded line: the match, the decoder that read it, its direction and line index.
    struct Hit {
        var match: LinearMatch
        /// Index of the row decoder in the scan's decoder list.
        var decoder: Int
        var reversed: Bool
        var line: Int
        var length: Int
        /// Span in forward coordinates along the line.
        var forwardStart: Int { reversed ? length - match.end : match.start }
        var forwardEnd: Int { reversed ? length - match.start : match.end }
    }

    /// Agreeing hits of one symbol.
    struct Cluster {
        var hits: [Hit]
        var lines: Set<Int> { Set(hits.map(\.line)) }
        var key: Key { Key(hits[0]) }
        /// The value without its supplement (``LinearMatch/supplementLength``).
        var main: Substring { hits[0].match.main }
        var span: ClosedRange<Int> {
            (hits.map(\.forwardStart).min() ?? 0)...(hits.map(\.forwardEnd).max() ?? 0)
        }
        var lineRange: ClosedRange<Int> { (hits.map(\.line).min() ?? 0)...(hits.map(\.line).max() ?? 0) }
        /// The hit on the middle one of the cluster's lines (furthest from the ends of the bars).
        var middleHit: Hit {
            let sorted = hits.sorted { $0.line < $1.line }
            return sorted[sorted.count / 2]
        }
    }

    /// What makes hits the same reading: decoder, format, value and direction.
    struct Key: Hashable {
        var decoder: Int
        var format: BarcodeFormat
        var text: String
        var reversed: Bool
        init(_ h: Hit) { decoder = h.decoder; format = h.match.format; text = h.match.text; reversed = h.reversed }
    }

    /// Groups hits of the same value whose spans overlap and whose lines are at most `gap` apart.
    static func cluster(_ hits: [Hit], gap: Int) -> [Cluster] {
        var clusters: [Cluster] = []
        for hit in hits.sorted(by: { $0.line < $1.line }) {
            let key = Key(hit)
            if let i = clusters.lastIndex(where: { c in
                c.key == key && c.span.overlaps(hit.forwardStart...hit.forwardEnd)
                    && (c.hits.map(\.line).max() ?? 0) + gap >= hit.line
            }) {
                clusters[i].hits.append(hit)
            } else {
                clusters.append(Cluster(hits: [hit]))
            }
        }
        return clusters
    }

    /// Joins clusters of the same value and place that a stretch of unread lines split (a smudge, a glare
    /// band): their spans overlap and the lines between them are fewer than half the symbol's length.
    /// Two equal symbols stacked further apart stay separate.
    static func merge(_ clusters: [Cluster]) -> [Cluster] {
        var out: [Cluster] = []
        for c in clusters {
            if let i = out.firstIndex(where: { o in
                o.key == c.key && o.span.overlaps(c.span)
                    && lineDistance(o, c) <= max(3, (o.span.upperBound - o.span.lowerBound) / 2)
            }) {
                out[i].hits += c.hits
            } else {
                out.append(c)
            }
        }
        return out
    }

    static func lineDistance(_ a: Cluster, _ b: Cluster) -> Int {
        let ra = a.lineRange, rb = b.lineRange
        if ra.overlaps(rb) { return 0 }
        return ra.upperBound < rb.lowerBound ? rb.lowerBound - ra.upperBound : ra.lowerBound - rb.upperBound
    }
}

extension LinearScanner.Cluster {
    /// The barcode for this cluster, with corner points mapped to image pixels.
    func barcode(_ lines: LinearScanner.LineSet) -> Barcode {
        let reversed = hits[0].reversed
        // Position across the symbol grows towards the symbol's bottom edge (see Barcode.cornerPoints):
        // along the family's normal when read forwards, against it when read backwards.
        let downSign = reversed ? -lines.downSign : lines.downSign
        let byDown = hits.sorted { downSign * $0.line < downSign * $1.line }
        let top = byDown[0], bottom = byDown[byDown.count - 1]
        // The symbol's start (its first bar as read) in forward coordinates.
        func start(_ h: LinearScanner.Hit) -> Point {
            lines.point(along: Double(reversed ? h.forwardEnd : h.forwardStart), line: h.line)
        }
        func end(_ h: LinearScanner.Hit) -> Point {
            lines.point(along: Double(reversed ? h.forwardStart : h.forwardEnd), line: h.line)
        }
        let orientation = lines.angle + (reversed ? 180 : 0)  // Barcode keeps it in [0, 360)
        let m = top.match
        let corners = [start(top), end(top), end(bottom), start(bottom)]
        return Barcode(
            format: m.format, rawValue: m.text, rawBytes: m.rawBytes, displayValue: m.displayValue ?? m.text,
            cornerPoints: corners, symbologyIdentifier: m.symbologyIdentifier, orientation: orientation,
            metadata: m.metadata)
    }
}
