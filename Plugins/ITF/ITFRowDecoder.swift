import ScanCore

/// Decodes ITF (Interleaved 2 of 5) symbols, ITF-14 included, along one scan line read left to right
/// (ISO/IEC 16390:2007; GS1 General Specifications §5.3.2). ``LinearScanner`` calls it on many lines, in
/// both directions.
///
/// A symbol is a start pattern after a quiet zone, digit pairs (``ITFPairReader``), and a stop pattern
/// followed by a quiet zone. ITF has no check character of its own, so the read must cover the whole
/// symbol between the two quiet zones (a read that ends inside the bars is no read), every pair must agree
/// with its neighbours in width, and the digit count must reach ``DecodeOptions/itfMinLength``.
/// Fourteen digits with a right GS1 check digit are an ITF-14.
public struct ITFRowDecoder: LinearRowDecoder {
    /// Light needed before and after a symbol, in narrow elements, when the light run lies inside the line.
    /// The standard asks for 10 (§4.5); photos often crop them, and no space inside a symbol is wider
    /// than a wide element (3.6 narrow at most), so 5 still tells a symbol's edge from its inside. A full
    /// bearer frame (ITF-14) is a bar beyond this quiet zone and does not matter: the read's own line sees
    /// it, so the check along the bars (``startAndStopOccurInside``) does not take it for the symbol's bars.
    ///
    /// ITF's start pattern, four narrow elements, occurs inside symbols too, and ITF has no check
    /// character, so a symbol cut by the image border could read as a shorter one: the border serves as
    /// quiet zone as ``ScanLine/hasUncutQuietZones(firstBar:lastBar:before:after:atOneBorder:)`` says. (For the same
    /// reason a pure image's read must cover the whole line: ``ScanLine/spansLine(from:to:)``.)
    public var quietZoneNarrow = 5.0
    /// Largest ratio between the widths of neighbouring digit pairs (perspective changes them slowly).
    public var pairWidthRatio = 1.3

    let reader = ITFPairReader()

    public init() {}

    /// Start (4), one digit pair (10), stop (3).
    public var minimumElements: Int { 17 }

    /// Salt-and-pepper noise splits bars and spaces with one-pixel runs: a line that gave nothing is read
    /// again without them (``ScanLine/withoutSpecks()``).
    public var readsWithoutSpecks: Bool { true }

    /// The start pattern (four narrow elements) and the stop pattern occur inside symbols, and there is
    /// no check character: a stretch of bars between glare bands reads as a shorter symbol.
    public var startAndStopOccurInside: Bool { true }

    public func decodeRow(_ runs: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        // Start (4 runs), one pair (10), stop (3), quiet zone (1).
        runs.readSymbols(pure: options.pure, runsAfter: 17) { i in
            decodeSymbol(runs, at: i, options: options).map { ($0.0, $0.1 + 2) }
        }
    }

    /// The symbol whose start pattern begins at run `i`, and its last run (the stop's narrow bar).
    func decodeSymbol(_ r: ScanLine, at i: Int, options: DecodeOptions) -> (LinearMatch, Int)? {
        let qz = options.pure ? 0 : quietZoneNarrow
        // The quiet zone first, against the least narrow width the start pattern allows (``isStart``:
        // each two neighbouring elements under 1.5 narrow widths each): cheap, and on texture most runs
        // stop here, before the digit pair is classified. Any run that passes the full test passes this.
        let e = r.exactWidths
        let leastNarrow = max(e[i] + e[i + 1], e[i + 1] + e[i + 2], e[i + 2] + e[i + 3]) / (2 * Self.startElementSlack)
        guard r.isQuietZone(i - 1, atLeast: qz * leastNarrow) else { return nil }
        // The first pair fixes the narrow width the start pattern is checked against.
        guard var pair = reader.read(r, at: i + ITFPatterns.startRuns) else { return nil }
        guard isStart(r, i, narrow: pair.narrow) else { return nil }
        let firstNarrow = pair.narrow
        guard r.isQuietZone(i - 1, atLeast: qz * pair.narrow) else { return nil }
        var digits = [pair.first, pair.second]
        var j = i + ITFPatterns.startRuns + 10
        while !isStop(r, j, after: pair, quietZone: qz) {
            guard let next = reader.read(r, at: j) else { return nil }
            let ratio = next.width / pair.width
            guard ratio < pairWidthRatio, ratio > 1 / pairWidthRatio else { return nil }
            digits += [next.first, next.second]
            pair = next
            j += 10
        }
        guard digits.count >= max(2, options.itfMinLength) else { return nil }
        let lastBar = j + ITFPatterns.stopRuns - 1
        guard r.hasUncutQuietZones(firstBar: i, lastBar: lastBar, before: qz * firstNarrow, after: qz * pair.narrow)
        else { return nil }
        if !options.pure,
            Self.barsGoOnPast(r, quietZone: i - 1, outward: -1, narrow: firstNarrow)
                || Self.barsGoOnPast(r, quietZone: lastBar + 1, outward: 1, narrow: pair.narrow)
                || pairsGoOnPast(r, quietZone: i - 1, outward: -1, narrow: firstNarrow)
                || pairsGoOnPast(r, quietZone: lastBar + 1, outward: 1, narrow: pair.narrow)
        {
            return nil
        }
        var identifier = "]I0"
        var metadata: [String: String] = [:]
        let text = String(String.UnicodeScalarView(digits.compactMap { Unicode.Scalar(UInt8(48 + $0)) }))
        if digits.count == 14 && GS1CheckDigit.isValid(digits) {
            // ITF-14 (GS1 GenSpecs §5.3.2.1): a GTIN whose check digit the reader verified (]I1). Fourteen
            // digits without a valid GS1 check digit are a plain ITF (the standard itself has no check).
            identifier = "]I1"
            metadata["gtin"] = text
        }
        let match = LinearMatch(
            format: .itf, text: text, symbologyIdentifier: identifier, start: r.runStarts[i],
            end: r.runStarts[j + ITFPatterns.stopRuns], metadata: metadata, checkedByCheckCharacter: false)
        return (match, lastBar)
    }

    /// The quiet zone the standard asks for, in narrow elements (ISO/IEC 16390:2007 §4.5).
    public static let standardQuietZoneNarrow = 10.0

    /// True when light run `q`, a quiet zone of the read, is narrower than the standard's
    /// (``standardQuietZoneNarrow``) and the line goes on beyond it (`outward`: −1 before the read, +1
    /// after it) with a bar and a space each 0.5–3.6 `narrow` widths, inside the line: an element of this
    /// symbol's own size. A cut or a bright band along the bars then split one symbol, and the bars
    /// between it and an end read as a shorter ITF (its start and stop patterns occur inside symbols, and
    /// it has no check character). Beside a real quiet zone of 5–10 narrow elements there is seldom
    /// another row of bars at the symbol's own scale; text, a frame edge or the image border is not
    /// refused unless it looks so.
    static func barsGoOnPast(_ r: ScanLine, quietZone q: Int, outward: Int, narrow: Double) -> Bool {
        let w = r.exactWidths
        guard q >= 0, q < r.count, w[q] < Self.standardQuietZoneNarrow * narrow else { return false }
        let bar = q + outward, space = q + 2 * outward
        guard bar > 0, bar < r.count - 1, space >= 0, space < r.count, !r.isAtBorder(space) else { return false }
        let b = w[bar] / narrow, s = w[space] / narrow
        return b >= 0.5 && b <= 3.6 && s >= 0.5 && s <= 3.6
    }

    /// True when, beyond light run `q` (a quiet zone of the read; `outward` −1 before the read, +1 after
    /// it), within the first five bars the line holds a digit pair of this symbol's own size: ten runs
    /// that ``ITFPairReader`` reads, their narrow width within a factor 1.25 of `narrow`. A bright band
    /// across the bars (glare, a reflection) makes light as wide as any quiet zone, and the bars on its
    /// either side read as ITF symbols, a digit pair's wide bar, narrow space and narrow bar passing for
    /// a stop pattern: the symbol's own digits going on past the light show that it split one symbol.
    /// ITF has no check character to catch such a piece. The light run at the image border has nothing
    /// beyond it.
    func pairsGoOnPast(_ r: ScanLine, quietZone q: Int, outward: Int, narrow: Double) -> Bool {
        guard q >= 0, q < r.count, !r.isAtBorder(q) else { return false }
        for offset in stride(from: 0, to: 10, by: 2) {
            // The pair's first bar: after the light, the bar `offset` runs on; before it, the pair whose
            // last space ends `offset` runs before the light.
            let j = outward > 0 ? q + 1 + offset : q - 10 - offset
            guard j >= 1, j + 9 < r.count else { continue }
            if let p = reader.read(r, at: j), p.narrow < 1.25 * narrow, p.narrow > narrow / 1.25 { return true }
        }
        return false
    }

    /// Largest edge-to-similar-edge distance of the start pattern, in twice the narrow width.
    static let startElementSlack = 1.5

    /// True when runs i…i+3 are four narrow elements: each edge-to-similar-edge distance is about two
    /// narrow widths.
    func isStart(_ r: ScanLine, _ i: Int, narrow: Double) -> Bool {
        let w = r.exactWidths
        for k in 0..<3 {
            let e = (w[i + k] + w[i + k + 1]) / (2 * narrow)
            guard e > 0.6, e < Self.startElementSlack else { return false }
        }
        return true
    }

    /// True when runs j…j+2 are the stop pattern (wide bar, narrow space, narrow bar) followed by a quiet
    /// zone. Checked by similar edges: (wide bar + narrow space) / (narrow space + narrow bar) is
    /// (ratio + 1) / 2, 1.5–2 for the standard's ratios.
    func isStop(_ r: ScanLine, _ j: Int, after pair: ITFPairReader.Pair, quietZone: Double) -> Bool {
        let trailing = j + ITFPatterns.stopRuns
        guard r.isQuietZone(trailing, atLeast: quietZone * pair.narrow) else { return false }
        let w = r.exactWidths
        let e1 = w[j] + w[j + 1], e2 = w[j + 1] + w[j + 2]
        guard e2 > 0 else { return false }
        let ratio = e1 / e2
        let narrowEdge = e2 / (2 * pair.narrow)
        let finalBar = w[j + 2] / pair.narrowBar
        return ratio > 1.3 && ratio < 2.5 && narrowEdge > 0.6 && narrowEdge < 1.5 && finalBar > 0.5
            && finalBar < 1.8
    }
}
