extension LinearScanner {
    /// Line indices from the middle outwards, `step` apart.
    static func middleOut(count: Int, step: Int) -> [Int] {
        let mid = count / 2
        var out = [mid]
        var k = 1
        while true {
            let above = mid - k * step, below = mid + k * step
            if above < 0 && below >= count { break }
            if above >= 0 { out.append(above) }
            if below < count { out.append(below) }
            k += 1
        }
        return out
    }

    /// The hits of one decoder on line `index` (``readLine(_:lines:index:segment:options:decoders:using:frame:)``).
    static func readLine(
        _ source: LineSource, lines: LineSet, index: Int, segment: Range<Int>? = nil, options: DecodeOptions,
        decoder: some LinearRowDecoder, frame: FrameContext? = nil
    ) -> [Hit] {
        readLine(
            source, lines: lines, index: index, segment: segment, options: options, decoders: [decoder],
            using: [0], frame: frame)
    }

    /// The line `index` of `lines` from `source` (read once per frame through the frame's line cache, in
    /// both directions), read by the decoders `using` (indices into `decoders`) in both directions.
    /// A decoder that asks for it (``LinearRowDecoder/readsWithoutSpecks``) reads a direction that gave it
    /// nothing again without one-pixel specks.
    static func readLine(
        _ source: LineSource, lines: LineSet, index: Int, segment: Range<Int>? = nil, options: DecodeOptions,
        decoders: [any LinearRowDecoder], using chosen: [Int], frame: FrameContext? = nil
    ) -> [Hit] {
        // A symbol's elements are runs of the line, with a light run on each side (of length 0 at a
        // border): a decoder whose shortest symbol has more elements than the line's runs less two reads
        // nothing there (nor in the line without specks, which has fewer). Fewer than two bars: nothing.
        var fewestElements = Int.max
        for d in decoders { fewestElements = min(fewestElements, d.minimumElements) }
        let fewestRuns = max(4, (decoders.isEmpty ? 1 : fewestElements) + 2)
        guard
            let both = cachedLine(
                source, lines: lines, index: index, segment: segment, frame: frame, fewestRuns: fewestRuns)
        else { return [] }
        let line = both.forward
        let elements = line.runs.count - 2
        func fits(_ k: Int) -> Bool { decoders[k].minimumElements <= elements }
        guard chosen.contains(where: fits) else { return [] }
        var hits: [Hit] = []
        for (reversed, direction) in [(false, line), (true, both.reversed)] {
            var despeckled: ScanLine??
            for k in chosen where fits(k) {
                let decoder = decoders[k]
                var matches = decoder.decodeRow(direction, options: options)
                if matches.isEmpty && decoder.readsWithoutSpecks {
                    if despeckled == nil { despeckled = .some(direction.withoutSpecks()) }
                    if let clean = despeckled ?? nil { matches = decoder.decodeRow(clean, options: options) }
                }
                // A pure image is one symbol: a read that leaves bars of its line aside is part of it.
                for m in matches
                where options.wants(m.format) && (!options.pure || direction.spansLine(from: m.start, to: m.end)) {
                    hits.append(Hit(match: m, decoder: k, reversed: reversed, line: index, length: line.length))
                }
            }
        }
        return hits
    }

    /// Line `index` from `source`, through the frame's line cache when there is one: every linear plugin
    /// of a frame, and every pass over it, reads the same lines; a negative view (the try-invert pass)
    /// takes the positive's line with light and dark swapped rather than reading it again. Nil when the
    /// line has fewer than `fewestRuns` runs (it is cached all the same, for the negative; the negative
    /// of such a line is not made).
    static func cachedLine(
        _ source: LineSource, lines: LineSet, index: Int, segment: Range<Int>?, frame: FrameContext?,
        fewestRuns: Int = 0
    ) -> LineBothWays? {
        func enough(_ both: LineBothWays) -> LineBothWays? { both.forward.runs.count >= fewestRuns ? both : nil }
        guard let frame, let id = source.cacheID else {
            return enough(LineBothWays(lines.scanLine(source, index, segment: segment), reversedFrom: fewestRuns))
        }
        let key = LineKey(
            family: lines.familyID, source: id, index: index, start: segment?.lowerBound ?? -1,
            end: segment?.upperBound ?? -1, negative: frame.negatesShared)
        if let cached = frame.shared.lines.withLock({ $0[key] }) { return enough(cached) }
        var positive = key
        positive.negative = false
        let both: LineBothWays
        if key.negative, let p = frame.shared.lines.withLock({ $0[positive] }) {
            guard p.forward.invertedRunCount >= fewestRuns else { return nil }
            both = LineBothWays(p.forward.inverted(), reversedFrom: fewestRuns)
        } else {
            both = LineBothWays(lines.scanLine(source, index, segment: segment), reversedFrom: fewestRuns)
        }
        frame.shared.lines.withLock { $0[key] = both }
        return enough(both)
    }

    /// The first hit on line `index` (any source) with the cluster's value and place.
    static func reread(
        _ c: Cluster, index: Int, sources: [LineSource], lines: LineSet, options: DecodeOptions,
        decoders: [any LinearRowDecoder]
    ) -> Hit? {
        guard index >= 0, index < lines.count else { return nil }
        let key = c.key, span = c.span
        for source in sources {
            let found = readLine(
                source, lines: lines, index: index, options: options, decoders: decoders,
                using: [key.decoder])
            if let h = found.first(where: { Key($0) == key && span.overlaps($0.forwardStart...$0.forwardEnd) }) {
                return h
            }
        }
        return nil
    }

    /// Re-reads the pixel lines next to a cluster's lines to confirm a read seen on too few scan lines.
    static func confirm(
        _ c: inout Cluster, step: Int, sources: [LineSource], lines: LineSet, options: DecodeOptions,
        decoders: [any LinearRowDecoder]
    ) {
        let reach = max(1, min(3, step / 2))
        for base in c.lines.sorted() {
            for delta in [-reach, reach, -1, 1] where delta != 0 {
                let index = base + delta
                guard !c.lines.contains(index) else { continue }
                if let h = reread(
                    c, index: index, sources: sources, lines: lines, options: options,
                    decoders: decoders)
                {
                    c.hits.append(h)
                }
            }
        }
    }

    /// Follows an accepted symbol outwards, one pixel line at a time (at most `reach` lines past its first
    /// and last read lines), so the corner points reach the ends of its bars rather than the nearest scan
    /// lines.
    static func extend(
        _ c: inout Cluster, reach: Int, sources: [LineSource], lines: LineSet, options: DecodeOptions,
        decoders: [any LinearRowDecoder]
    ) {
        for direction in [-1, 1] {
            var index = direction < 0 ? c.lineRange.lowerBound : c.lineRange.upperBound
            for _ in 0..<reach {
                index += direction
                guard
                    let h = reread(
                        c, index: index, sources: sources, lines: lines, options: options,
                        decoders: decoders)
                else { break }
                c.hits.append(h)
            }
        }
    }
}
