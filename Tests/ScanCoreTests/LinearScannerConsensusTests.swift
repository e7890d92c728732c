import Testing

@testable import ScanCore

/// ``LinearScanner/Consensus``: the symbol's bars and spaces as most of its lines see them, and
/// ``LinearScanner/consensus(_:lines:image:options:decoders:)``.
@Suite("LinearScanner consensus along the bars")
struct LinearScannerConsensusTests {
    /// Element widths in modules, bar first: a made-up symbol (no symbology's).
    static let widths = [1, 1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1, 1, 3, 1, 2, 2, 1, 1, 1, 3, 2, 1, 1]
    static let module = 3.0
    static let left = 60.0

    /// A 400 × 120 image of the symbol, its bars on pixel rows `bars` (20 ..< 100 unless told), drawn
    /// with perspective (each row's modules 0.1 % wider than the row above's, and a tilt of 0.05 px a
    /// row), and a light band `cut` pixels wide across it at 45° (none when 0), starting at x = 80 on
    /// row 20.
    static func image(cut: Double, bars: Range<Int> = 20..<100) -> LuminanceImage {
        let w = 400, h = 120
        var pixels = [UInt8](repeating: 220, count: w * h)
        for y in bars {
            let scale = module * (1 + 0.001 * Double(y - 60)), shift = 0.05 * Double(y - 60)
            var edges: [Double] = [left + shift]
            for wd in widths { edges.append(edges[edges.count - 1] + Double(wd) * scale) }
            for x in 0..<w {
                let c = Double(x) + 0.5
                // Dark coverage of the pixel by the bars (even elements).
                var dark = 0.0
                for k in stride(from: 0, to: widths.count, by: 2) {
                    dark += max(0, min(c + 0.5, edges[k + 1]) - max(c - 0.5, edges[k]))
                }
                let d = Double(y - 20) - (c - 80)  // 45° band through (80, 20)
                if cut > 0 && abs(d) / 2.0.squareRoot() < cut / 2 { dark = 0 }
                pixels[y * w + x] = UInt8(220 - 200 * min(1, dark))
            }
        }
        return LuminanceImage(width: w, height: h, pixels: pixels)
    }

    /// A row decoder for the made-up symbol: after a light run of 8 modules, the next 25 runs' widths
    /// in modules as digits, when every width is 1 ... 3 modules and they start with the symbol's first
    /// four widths (so the symbol reads in one direction only). The module is the runs' total width over
    /// the symbol's 43 modules, so a line at any scale reads.
    struct WidthsDecoder: LinearRowDecoder {
        func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
            let n = LinearScannerConsensusTests.widths.count
            let total = Double(LinearScannerConsensusTests.widths.reduce(0, +))
            var out: [LinearMatch] = []
            var i = 1
            while i + n <= line.count {
                defer { i += 2 }
                let module = line.span(i, n) / total
                guard Double(line.runs[i - 1]) >= 8 * module else { continue }
                let digits = (i..<(i + n)).map { Int((line.span($0, 1) / module).rounded()) }
                guard digits.allSatisfy({ (1...3).contains($0) }), digits.prefix(4) == [1, 1, 2, 1] else { continue }
                out.append(
                    LinearMatch(
                        format: .code39, text: digits.map(String.init).joined(), symbologyIdentifier: "]A0",
                        start: line.runStarts[i], end: line.runStarts[i + n]))
                i += n
            }
            return out
        }
    }

    static let truth = widths.map(String.init).joined()

    /// ``WidthsDecoder``, its values marked as possibly part of a longer symbol
    /// (``LinearMatch/mayBePartOfLongerSymbol``).
    struct MarkedWidthsDecoder: LinearRowDecoder {
        func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
            WidthsDecoder().decodeRow(line, options: options).map {
                var m = $0
                m.mayBePartOfLongerSymbol = true
                return m
            }
        }
    }

    /// A value marked as possibly part of a longer symbol is kept only where the consensus along its bars
    /// reads it: on bars 80 rows high it does; on bars 4 rows high too few lines cross them to form a
    /// consensus (``Consensus/minimumLines``), so the rows' reads stand unmarked and fall marked.
    @Test func aValueThatMayBePartOfALongerSymbolNeedsTheConsensus() {
        let options = DecodeOptions()
        func values(_ image: LuminanceImage, _ decoder: any LinearRowDecoder) -> [String?] {
            LinearScanner.scan(
                rows, sources: [.profile(image, hysteresisFraction: 0.07, smoothing: false)], options: options,
                decoders: [decoder]
            ).map(\.barcode.rawValue)
        }
        let tall = Self.image(cut: 0), short = Self.image(cut: 0, bars: 58..<62)
        #expect(values(tall, MarkedWidthsDecoder()) == [Self.truth])
        #expect(values(short, WidthsDecoder()) == [Self.truth])
        #expect(values(short, MarkedWidthsDecoder()).isEmpty)
    }

    /// A cluster reading `text` on rows `rows` at the symbol's place (40 modules from x = 60).
    func cluster(_ text: String, rows: [Int]) -> LinearScanner.Cluster {
        LinearScanner.Cluster(
            hits: rows.map { y in
                LinearScanner.Hit(
                    match: LinearMatch(
                        format: .code39, text: text, symbologyIdentifier: "]A0", start: 60, end: 180),
                    decoder: 0, reversed: false, line: y, length: 400)
            })
    }

    let rows = LinearScanner.LineSet(.rows, width: 400, height: 120)

    @Test func theConsensusOfACutSymbolIsTheSymbol() throws {
        let image = Self.image(cut: 6)
        // Row 40 crosses the cut at x ≈ 100: it reads another width there.
        let damaged = rows.scanLine(.profile(image, hysteresisFraction: 0.07, smoothing: false), 40)
        #expect(WidthsDecoder().decodeRow(damaged, options: DecodeOptions()).map(\.text) != [Self.truth])
        let hit = cluster(Self.truth, rows: [40]).hits[0]
        let consensus = try #require(LinearScanner.Consensus.runs(of: hit, lines: rows, image: image, tilt: 0))
        #expect(consensus.ambiguous.isEmpty)
        let line = LinearScanner.LineSet.padded(
            runs: consensus.runs, starts: consensus.starts, range: consensus.range, length: 400)
        #expect(WidthsDecoder().decodeRow(line, options: DecodeOptions()).map(\.text) == [Self.truth])
    }

    @Test func theConsensusJudgesReads() {
        let image = Self.image(cut: 6)
        let decoders: [any LinearRowDecoder] = [WidthsDecoder()]
        let options = DecodeOptions()
        // One element changed, as a band of lines crossing the cut read it.
        var wrong = Array(Self.truth)
        wrong[12] = wrong[12] == "1" ? "2" : "1"
        let misread = cluster(String(wrong), rows: [40, 42])
        func verdict(_ c: LinearScanner.Cluster) -> LinearScanner.Verdict {
            LinearScanner.consensus(c, lines: rows, image: image, options: options, decoders: decoders)
        }
        #expect(verdict(misread) == .contradicts)
        let right = cluster(Self.truth, rows: [40, 42])
        #expect(verdict(right) == .agrees)
        // A piece of the symbol's value is refused too: the consensus reads the whole symbol around it.
        let piece = LinearScanner.Cluster(
            hits: [40, 42].map { y in
                LinearScanner.Hit(
                    match: LinearMatch(
                        format: .code39, text: String(Self.truth.dropFirst(4)), symbologyIdentifier: "]A0",
                        start: 84, end: 180),
                    decoder: 0, reversed: false, line: y, length: 400)
            })
        #expect(verdict(piece) == .contradicts)
        // Where no line crosses the bars, the consensus says nothing.
        let blank = LuminanceImage(width: 400, height: 120, filledWith: 220)
        #expect(
            LinearScanner.consensus(misread, lines: rows, image: blank, options: options, decoders: decoders)
                == .silent)
    }

    /// The median of the aligned lines (``LinearScanner/Consensus/medianProfile(_:lines:image:range:)``)
    /// leaves out the band across the bars, as the vote does, and reads the symbol's value there.
    @Test func theMedianOfTheLinesReadsTheSymbolAcrossACut() throws {
        let image = Self.image(cut: 6)
        let hit = cluster(Self.truth, rows: [40]).hits[0]
        let consensus = try #require(LinearScanner.Consensus.runs(of: hit, lines: rows, image: image, tilt: 0))
        let median = LinearScanner.Consensus.medianProfile(
            consensus.alignment, lines: rows, image: image, range: consensus.range)
        #expect(median.count == consensus.range.count * LinearScanner.Consensus.medianResolution)
        // Row 40 is light across the band (x ≈ 96–104); the median has the symbol's bars and spaces there,
        // as row 40 has them without the band.
        let k = LinearScanner.Consensus.medianResolution
        let clean = Self.image(cut: 0)
        var compared = 0
        for x in 96...104 where clean[x, 40] < 60 || clean[x, 40] > 180 {  // not on an edge
            let m = median[(x - consensus.range.lowerBound) * k + k / 2]
            #expect((m < 120) == (clean[x, 40] < 120), "x = \(x)")
            compared += 1
        }
        #expect(compared >= 5)
        let reads = LinearScanner.Consensus.medianReads(
            (.code39, Substring(Self.truth)), over: 60...180, alignment: consensus.alignment, lines: rows,
            image: image, range: consensus.range, options: DecodeOptions(), decoders: [WidthsDecoder()])
        #expect(reads)
    }

    /// Where the lines cross the same bars but their vote reads nothing (here a bar 5 pixels from the
    /// symbol on every row: no quiet zone), the verdict is
    /// ``LinearScanner/Verdict/unread(barLines:medianReads:washed:)`` with the first and last aligned rows: how
    /// far the bars run across the lines.
    @Test func aConsensusThatReadsNothingSaysHowFarTheBarsRun() {
        var pixels = [UInt8](repeating: 220, count: 400 * 120)
        let symbol = Self.image(cut: 0)
        for y in 0..<120 {
            for x in 0..<400 {
                let bar = (20..<100).contains(y) && (52..<55).contains(x)
                pixels[y * 400 + x] = bar ? 20 : symbol[x, y]
            }
        }
        let image = LuminanceImage(width: 400, height: 120, pixels: pixels)
        let verdict = LinearScanner.consensus(
            cluster(Self.truth, rows: [40, 42]), lines: rows, image: image, options: DecodeOptions(),
            decoders: [WidthsDecoder()])
        guard case .unread(let barLines, _, _) = verdict else {
            Issue.record("verdict \(verdict)")
            return
        }
        #expect(barLines.lowerBound <= 22 && barLines.upperBound >= 96)
    }

    /// `washed`: the symbol's fifth element (a bar 3 modules wide, x ≈ 75 … 84) erased to light on rows
    /// 20 ..< 40, as glare would. In that bar about a third of the aligned lines see light: the consensus
    /// keeps the bar but does not decide it (margin under 3/4). A band of those washed rows sees light
    /// where the others see the bar; a band of the rows below sees the bar, and light damage cannot have
    /// put it there.
    @Test func aBandThatSeesLightWhereTheOthersSeeABarIsWashed() throws {
        let symbol = Self.image(cut: 0)
        var pixels = [UInt8](repeating: 220, count: 400 * 120)
        for y in 0..<120 {
            for x in 0..<400 {
                pixels[y * 400 + x] = (20..<40).contains(y) && (73..<87).contains(x) ? 220 : symbol[x, y]
            }
        }
        let image = LuminanceImage(width: 400, height: 120, pixels: pixels)
        let upper = cluster(Self.truth, rows: [24, 30, 36]).middleHit
        let washed = try #require(
            LinearScanner.Consensus.runs(of: upper, lines: rows, image: image, tilt: 0, band: 24...36))
        #expect(washed.washed)
        #expect(!washed.ambiguous.isEmpty)
        let lower = cluster(Self.truth, rows: [70, 76, 82]).middleHit
        let seeing = try #require(
            LinearScanner.Consensus.runs(of: lower, lines: rows, image: image, tilt: 0, band: 70...82))
        #expect(!seeing.washed)
        let noBand = try #require(LinearScanner.Consensus.runs(of: upper, lines: rows, image: image, tilt: 0))
        #expect(!noBand.washed)
    }

    /// The stretches beyond a read's ends (``LinearScanner/Consensus/BeyondEnds``): a bar of a bar's width
    /// within five mean runs of an end is beyond that end; none is when the mean run is under 0.3 pixels
    /// (the stretches are empty, not reversed ranges).
    @Test func barsBeyondAReadsEnds() {
        let beyond = LinearScanner.Consensus.BeyondEnds(read: 100...200, meanRun: 4, readLineBars: [])
        #expect(beyond.end(ofBar: 88, 92) == 0)
        #expect(beyond.end(ofBar: 206, 210) == 1)
        #expect(beyond.end(ofBar: 60, 64) == nil)  // further than 5 mean runs
        #expect(beyond.end(ofBar: 88, 102) == nil)  // wider than 3 mean runs
        let seen = LinearScanner.Consensus.BeyondEnds(read: 100...200, meanRun: 4, readLineBars: [90...91])
        #expect(seen.end(ofBar: 88, 92) == nil)  // the read line sees that bar too
        let tiny = LinearScanner.Consensus.BeyondEnds(read: 100...200, meanRun: 0.2, readLineBars: [])
        #expect(tiny.stretches.allSatisfy { $0 == nil })
        #expect(tiny.end(ofBar: 99, 100) == nil)
    }

    @Test func tooFewLinesSayNothing() {
        // Bars 6 rows high: fewer than Consensus.minimumLines lines cross them 2 rows apart.
        var pixels = [UInt8](repeating: 220, count: 400 * 120)
        let tall = Self.image(cut: 0)
        for y in 57..<63 { for x in 0..<400 { pixels[y * 400 + x] = tall[x, y] } }
        let image = LuminanceImage(width: 400, height: 120, pixels: pixels)
        let hit = cluster(Self.truth, rows: [60]).hits[0]
        #expect(LinearScanner.Consensus.runs(of: hit, lines: rows, image: image, tilt: 0) == nil)
    }
}
