import Foundation
import ScanCore

/// The QR Code plugin: QR Code Model 2, versions 1–40 (ISO/IEC 18004:2015).
///
/// ```swift
/// let codes = QRCodeDecoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue            // "Hello"
/// codes.first?.metadata["version"] // "1"
/// ```
///
/// Results: `rawBytes` are the segment bytes (see ``QRDecodedBitStreamParser``), `rawValue` the text (see
/// ``QRDecodedBitStreamParser``), `errorCorrectionLevel` `L`/`M`/`Q`/`H`, `metadata` `version`, `mask`
/// and `corrections`; `cornerPoints` are the outer corners of the symbol (including no quiet zone) in
/// the symbol's own order top-left, top-right, bottom-right, bottom-left — clockwise on the symbol, so a
/// mirrored symbol's corners run counter-clockwise in the image. Symbology identifier `]Q1`…`]Q6`
/// (ISO/IEC 18004 Annex F). A structured-append member carries `structuredAppend` (index from 0,
/// count, parity byte as decimal text as the id); merge a set with ScanCore's
/// ``ScanCore/StructuredAppend/merge(_:maxCount:)``.
public struct QRCodeDecoder: SymbologyDecoder {
    public let name = "qrcode"
    public let formats: Set<BarcodeFormat> = [.qrcode]

    /// Blocks (16 pixels) searched around each candidate block of the frame's ``CandidateMap``, matrix
    /// or linear (strong perspective stretches modules into parallel edges)
    /// (rows are read a further half of each searched stretch on both sides, see
    /// ``QRFinderPatternFinder/spanGrowth``): the finder patterns are at the corners of the modules that
    /// make the candidate blocks.
    public static let searchMargin = 4

    public init() {}

    public func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        decodePass(frame, pass: DecodePass(kind: nil, binarizer: options.binarizer), options: options).symbols
    }

    /// One pass over `frame` binarized by `options.binarizer`; the finder patterns no symbol read used are
    /// its unresolved places.
    public func decodePass(_ frame: FrameContext, pass: DecodePass, options: DecodeOptions) -> PassOutcome {
        guard options.wants(.qrcode) else { return PassOutcome(symbols: [], unresolved: []) }
        let mask = CandidateMask(frame, options: options, linear: true, matrix: true, margin: Self.searchMargin)
        if mask.isEmpty { return PassOutcome(symbols: [], unresolved: []) }
        let (found, left) = decodeReporting(
            frame.binarized(options.binarizer), options: options, mask: mask, skipping: frame.readOutlines)
        return PassOutcome(symbols: found, unresolved: left.map { [$0] })
    }

    /// Every symbol found in a binarized image. When at least two well-supported finder patterns were
    /// seen but no symbol read, and `tryHarder` is set, the matrix is cleaned of isolated specks (``BitMatrix/majorityFiltered()``) and
    /// searched again: salt-and-pepper noise breaks the runs the finder search relies on.
    /// With a `mask`, finder patterns are searched only where it says (see
    /// ``QRFinderPatternFinder/find(_:rowStep:mask:)``).
    public func decode(_ matrix: BitMatrix, options: DecodeOptions, mask: CandidateMask? = nil) -> [Barcode] {
        decodeReporting(matrix, options: options, mask: mask).symbols
    }

    /// ``decode(_:options:mask:)`` and the centres of the finder patterns of the last search that no symbol
    /// read used. Finder patterns centred inside `readOutlines` (symbols already read in the frame, see
    /// ``ScanCore/FrameContext/readOutlines``; pixels of `matrix`) are left out.
    func decodeReporting(
        _ matrix: BitMatrix, options: DecodeOptions, mask: CandidateMask?, skipping readOutlines: [[Point]] = []
    ) -> (symbols: [Barcode], unused: [Point]) {
        func decodeOnce(_ matrix: BitMatrix, options: DecodeOptions, mask: CandidateMask? = nil) -> Search {
            self.decodeOnce(matrix, options: options, mask: mask, skipping: readOutlines)
        }
        var search = decodeOnce(matrix, options: options, mask: mask)
        if search.readNothing, let mask, mask.coverage < Self.wholeMatrixCoverage,
            search.patterns.contains(where: { $0.isWellSupported && $0.moduleSize >= Self.partnersOutsideMask })
        {
            // A well-supported finder pattern near the candidates whose symbol did not read, with modules
            // large enough for blocks inside its symbol to be flat (``partnersOutsideMask``): the other
            // finder patterns can lie outside the mask. The whole matrix.
            search = decodeOnce(matrix, options: options, mask: nil)
            if search.readNothing && search.needsDespeckling && options.tryHarder {
                search = decodeOnce(matrix.majorityFiltered(), options: options)
            }
        } else if search.readNothing && search.needsDespeckling && options.tryHarder {
            search = decodeOnce(matrix.majorityFiltered(), options: options, mask: mask)
        }
        let unused = search.patterns.indices.filter { !search.used.contains($0) && search.patterns[$0].isWellSupported }
        return (search.found, unused.map { search.patterns[$0].center })
    }

    /// What one finder-pattern search of a binarized image gave: the symbols read, the patterns found
    /// (strongest first; without those centred inside symbols read before, which are only counted in
    /// `skipped`) and the indices of those the symbols used.
    struct Search {
        var found: [Barcode]
        var patterns: [QRFinderPattern]
        var used: Set<Int>
        /// How many finder patterns were left out as centred inside symbols read before.
        var skipped = 0

        /// True when the search read no symbol and met no symbol read before. The whole-matrix and
        /// despeckled retries are for a search that finds QR Code finder patterns and reads nothing at
        /// all. Before finder patterns inside symbols read were left out, a later pass met those symbols
        /// again, read them again (its `found` was not empty) and made no retry; counting a met symbol as
        /// read keeps that. Gated on `found` alone, the retries ran in every later pass of a frame where
        /// some symbols do not read (the first 6 dense racks: QR Code 4.2 G instructions against 1.6 G).
        /// What it gives up: where a symbol read before would not read again in the pass (other
        /// binarizer, shadow), its failed patterns used to trigger the despeckled retry, which could
        /// read a noisy symbol beside it (a constructed scene of the review: 13 of 16 such neighbours
        /// read before, 1 now). A noisy symbol beside symbols that read is not despeckled either way.
        var readNothing: Bool { found.isEmpty && skipped == 0 }

        /// True when at least two well-supported finder patterns (``QRFinderPattern/isWellSupported``)
        /// read no symbol: noise may have broken the third, or a symbol's modules; worth a despeckled look.
        var needsDespeckling: Bool {
            patterns.indices.filter { !used.contains($0) && patterns[$0].isWellSupported }.count >= 2
        }
    }

    /// One finder-pattern search of `matrix` and the attempts on its triples. Finder patterns centred inside
    /// `readOutlines` are left out: they belong to a symbol already read (two symbols never share their
    /// area), so every triple with one would read that symbol again or fail, and count failures against
    /// the patterns of the symbols still to read.
    func decodeOnce(
        _ matrix: BitMatrix, options: DecodeOptions, mask: CandidateMask? = nil, skipping readOutlines: [[Point]] = []
    ) -> Search {
        let confirmed = QRFinderPatternFinder.find(matrix, mask: mask).filter { $0.count >= Self.minimumConfirmations }
        let patterns = confirmed.filter { p in !readOutlines.contains { Quadrilateral.contains($0, p.center) } }
        // The evidence of each triple before any grid is fitted: format information that reads
        // confidently beside the three patterns (``QRDetector/formatEvidence``), or that merely decodes
        // on a triple whose timing patterns both agree with its finder spacing. A symbol cannot be decoded
        // without its format information, and chance triples (texture, noise) rarely show it confidently.
        // A triple of three well-supported patterns without such evidence may be a symbol under strong
        // perspective, where the format modules lie off the legs' lines: it gets the perspective
        // fallback only. Attempts go by the timing patterns' agreement, then by geometry: a triple of
        // patterns from neighbouring symbols on a page fits the geometry as well as a real one, may even
        // show a confident format (neighbours often share level and mask), but fails the timing check.
        // A pair of patterns is a leg of many triples: its module size is measured once.
        var legs: [Int: Double] = [:]
        func leg(_ i: Int, _ j: Int) -> Double {
            let key = min(i, j) * patterns.count + max(i, j)
            if let known = legs[key] { return known }
            let size = QRDetector.legModuleSize(matrix, patterns[i], patterns[j])
            legs[key] = size
            return size
        }
        // And the patterns' widths along a leg from one to the other (the format probe's), per ordered pair.
        var formatLegs: [Int: (Double, Double)] = [:]
        func formatLeg(_ i: Int, _ j: Int) -> (Double, Double) {
            let key = i * patterns.count + j
            if let known = formatLegs[key] { return known }
            let widths = QRDetector.formatLegWidths(matrix, patterns[i], patterns[j])
            formatLegs[key] = widths
            return widths
        }
        // And a leg's timing count, per ordered pair and side (``QRDetector/timingLineIsClockwise(from:to:other:)``).
        var timingCounts: [Int: Int?] = [:]
        func timingCount(_ i: Int, _ j: Int, other k: Int) -> Int? {
            let (a, b, c) = (patterns[i].center, patterns[j].center, patterns[k].center)
            let side = QRDetector.timingLineIsClockwise(from: a, to: b, other: c) ? 1 : 0
            let key = (i * patterns.count + j) * 2 + side
            if let known = timingCounts[key] { return known }
            let count = QRDetector.timingCount(matrix, from: a, to: b, other: c, module: leg(i, j))
            timingCounts[key] = count
            return count
        }
        // Triples are tried by their evidence class (``Attempt``), then by how many of their two timing
        // counts disagree with the finder spacing (0–2), then by geometry (``QRDetector/triples(_:)``'s
        // order). The timing counts and the format evidence, which cost most, are read lazily, and only
        // for triples that can still be tried: none of their patterns is used by a symbol read or out of
        // attempts. Both only grow, so a triple skipped for that would be skipped at its turn too.
        // Triples are met by disagreement, in rounds; a confident one is tried when met, the others are
        // kept for after all confident ones, in the order met. The attempts and their order are those of
        // sorting every triple by class, disagreement and geometry first.
        var used = Set<Int>()
        // Effort is bounded per pattern, never per frame: each pattern may take part in this many failed
        // attempts (a page of symbols reads them all; a chance pattern in texture stops costing soon).
        var failures = [Int](repeating: 0, count: patterns.count)
        var results: [Barcode] = []
        // Met for every triple: three tests, no array.
        func isSpent(_ p: Int) -> Bool { used.contains(p) || failures[p] >= Self.failuresPerPattern }
        func isSpent(_ t: QRDetector.Triple) -> Bool { isSpent(t.tl) || isSpent(t.tr) || isSpent(t.bl) }
        /// Tries triple `t`; true when `maxSymbols` symbols are read.
        func attempt(_ t: QRDetector.Triple, _ kind: Attempt) -> Bool {
            let detections = QRDetector.detections(
                matrix, tl: patterns[t.tl], tr: patterns[t.tr], bl: patterns[t.bl])
            if let (symbol, d) = decodeFirst(matrix, detections, attempt: kind) {
                results.append(barcode(symbol, detection: d, corners: cornerPoints(matrix, d)))
                used.formUnion([t.tl, t.tr, t.bl])
            } else {
                for m in [t.tl, t.tr, t.bl] { failures[m] += 1 }
            }
            return options.maxSymbols > 0 && results.count >= options.maxSymbols
        }
        var timed: [QRDetector.Triple] = []
        var perspectiveOnly: [QRDetector.Triple] = []
        var done = false
        /// Reads `t`'s format evidence: tries it when confident, else keeps it for its class's turn.
        func consider(_ t: QRDetector.Triple, disagreement: Int, counts: (Int?, Int?)) {
            let (a, b, c) = (patterns[t.tl], patterns[t.tr], patterns[t.bl])
            let counted = [counts.0, counts.1].compactMap { $0 }.map { QRDetector.snappedDimension(Double($0 + 15)) }
            let evidence = QRDetector.formatEvidence(
                matrix, tl: a, tr: b, bl: c, dimensions: counted,
                legs: (formatLeg(t.tl, t.tr), formatLeg(t.tl, t.bl)))
            switch evidence {
            case .confident: done = attempt(t, .confident)
            case .weak where disagreement == 0: timed.append(t)
            default:
                if a.isWellSupported && b.isWellSupported && c.isWellSupported { perspectiveOnly.append(t) }
            }
        }
        // Round 0 meets every triple, reads its timing counts and keeps those that disagree for rounds 1, 2.
        var disagreeing: [[(triple: QRDetector.Triple, counts: (Int?, Int?))]] = [[], [], []]
        for t in QRDetector.triples(patterns) where !done && !isSpent(t) {
            let counts = (timingCount(t.tl, t.tr, other: t.bl), timingCount(t.tl, t.bl, other: t.tr))
            let timing = QRDetector.timing(
                tl: patterns[t.tl], tr: patterns[t.tr], bl: patterns[t.bl],
                legs: (leg(t.tl, t.tr), leg(t.tl, t.bl)), counts: counts)
            if timing.disagreement == 0 {
                consider(t, disagreement: 0, counts: counts)
            } else {
                disagreeing[timing.disagreement].append((t, counts))
            }
        }
        for round in 1...2 {
            for (t, counts) in disagreeing[round] where !done && !isSpent(t) {
                consider(t, disagreement: round, counts: counts)
            }
        }
        for (list, kind) in [(timed, Attempt.timed), (perspectiveOnly, .perspectiveOnly)] {
            for t in list where !done && !isSpent(t) { done = attempt(t, kind) }
        }
        return Search(found: results, patterns: patterns, used: used, skipped: confirmed.count - patterns.count)
    }

    /// How a triple is tried, from its evidence before any grid is fitted (strongest first).
    enum Attempt: Int {
        /// Format information read confidently beside the patterns: every grid, each only when its format
        /// information reads confidently too.
        case confident
        /// Format information that decodes, and timing patterns that both agree: every grid.
        case timed
        /// Three well-supported patterns and nothing else: the perspective fallback's grids only.
        case perspectiveOnly

    }

    /// Tries each candidate grid: the global transform first, then (versions 7+) the alignment-pattern
    /// mapping; and when the version information of a sampled grid names another size, that size. When
    /// none reads, the grids from the finder outlines (``QRDetector/perspectiveDetections``) for the size
    /// the outlines imply and then the sizes already tried: the fallback for strong perspective, where
    /// one transform from the three centres misplaces the modules far from them.
    /// A grid is sampled only when its format (or version) information reads (``read(_:_:strict:)``),
    /// confidently for a `.confident` attempt and always for the fallback's grids.
    func decodeFirst(_ matrix: BitMatrix, _ detections: [QRDetection], attempt: Attempt) -> (QRSymbol, QRDetection)? {
        let strict = attempt == .confident
        var tried = Set(detections.map(\.dimension))
        var queue = attempt == .perspectiveOnly ? [] : detections
        var i = 0
        while i < queue.count {
            let d = queue[i]
            i += 1
            let (symbol, grid) = read(matrix, d, strict: strict)
            if let symbol { return (symbol, d) }
            guard let grid, d.dimension >= 45, d.finders.count == 3 else { continue }
            for g in [grid, QRGridReader.transposed(grid)] {
                let readings = QRVersionInformation.readings(dimension: d.dimension) { g[$0, $1] }
                guard let v = QRVersionInformation.decode(readings), let version = QRVersion.version(v),
                    tried.insert(version.dimension).inserted
                else { continue }
                if let better = QRDetector.grid(
                    matrix, tl: d.finders[0], tr: d.finders[1], bl: d.finders[2], dimension: version.dimension)
                {
                    queue.append(better)
                }
            }
        }
        guard let first = detections.first, first.finders.count == 3 else { return nil }
        let f = first.finders
        guard let outlines = QRDetector.outlines(matrix, tl: f[0], tr: f[1], bl: f[2]) else { return nil }
        var dimensions = (attempt == .perspectiveOnly ? detections : queue).map(\.dimension)
        if let implied = QRDetector.dimension(outlines: outlines, tr: f[1].center, bl: f[2].center) {
            dimensions.insert(implied, at: 0)
        }
        var seen = Set<Int>()
        for n in dimensions where seen.insert(n).inserted {
            for d in QRDetector.perspectiveDetections(matrix, outlines: outlines, finders: f, dimension: n) {
                if let symbol = read(matrix, d, strict: true).symbol { return (symbol, d) }
            }
        }
        return nil
    }

    /// Reads the grid of `d`: through its transform, then (versions 7+) through the alignment-pattern
    /// mappings (``QRDetector/cellMapping(_:dimension:)``, ``QRDetector/surfaceMapping(_:)``). Returns the
    /// symbol, if any, and the grid sampled through the transform.
    func read(_ matrix: BitMatrix, _ d: QRDetection, strict: Bool = false) -> (symbol: QRSymbol?, grid: BitMatrix?) {
        // The format (and from version 7 the version) information first: a grid whose format information
        // decodes in neither orientation cannot read, the caller uses a failed grid only for its version
        // information, and sampling a grid whole costs up to 177² modules (chance triples in noise and
        // texture are mostly such grids).
        if !formatOrVersionInformationDecodes(matrix, d, strict: strict) { return (nil, nil) }
        guard let grid = GridSampler.sample(matrix, dimension: d.dimension, transform: d.transform) else {
            return (nil, nil)
        }
        if let s = QRGridReader.decode(grid) { return (s, grid) }
        // The finer mapping only for a grid that reads as a QR symbol near its finders (format
        // information in either orientation, both copies agreeing, or from version 7 the version
        // information naming this grid's own dimension): chance triples in noise and texture mostly do
        // not. A blurred symbol's format modules, one module from the finders' separators, can lose a
        // copy where the version information, in blocks of 3 × 6, still reads.
        let n = grid.width
        guard
            QRFormatInformation.isConfident(QRFormatInformation.readings(dimension: n) { grid[$0, $1] })
                || QRFormatInformation.isConfident(QRFormatInformation.readings(dimension: n) { grid[$1, $0] })
                || Self.versionInformationNames(n, grid)
        else { return (nil, grid) }
        // Through the alignment centres: each cell's homography, then the smooth surface through all of
        // them (a sheet bent within the cells).
        guard let centres = QRDetector.alignmentCentres(matrix, d) else { return (nil, grid) }
        let mappings = [QRDetector.cellMapping(centres, dimension: n), QRDetector.surfaceMapping(centres)]
        for mapping in mappings.compactMap({ $0 }) {
            if let fine = GridSampler.sample(matrix, dimension: n, mapping: mapping),
                let s = QRGridReader.decode(fine)
            {
                return (s, grid)
            }
        }
        return (nil, grid)
    }

    /// True when a sampled grid of dimension `n` (from 45, version 7) carries confident version
    /// information (``QRVersionInformation/isConfident(_:)``, either orientation) that names version
    /// (n − 17) / 4: about one random grid in 2000 passes, one in 34 of those names its dimension.
    static func versionInformationNames(_ n: Int, _ grid: BitMatrix) -> Bool {
        guard n >= 45 else { return false }
        for readings in [
            QRVersionInformation.readings(dimension: n) { grid[$0, $1] },
            QRVersionInformation.readings(dimension: n) { grid[$1, $0] },
        ] where QRVersionInformation.isConfident(readings) {
            if QRVersionInformation.decode(readings) == (n - 17) / 4 { return true }
        }
        return false
    }

    /// True unless the format information modules of detection `d` (and, for 45 modules and up, the
    /// version information modules), read as ``GridSampler/sample(_:dimension:transform:tolerance:)``
    /// would read them, decode in neither the plain nor the mirrored orientation (see
    /// ``QRGridReader/decode(_:)``). Also true when a module falls outside the image (the whole
    /// sampling then fails by itself).
    /// With `strict`, the readings must be confident (``QRFormatInformation/isConfident(_:)``,
    /// ``QRVersionInformation/isConfident(_:)``): about 1 % of random readings pass, against about 80 %.
    func formatOrVersionInformationDecodes(_ matrix: BitMatrix, _ d: QRDetection, strict: Bool = false) -> Bool {
        var outside = false
        let module = { (i: Int, j: Int) -> Bool in
            guard let dark = GridSampler.module(matrix, column: i, row: j, transform: d.transform) else {
                outside = true
                return false
            }
            return dark
        }
        let plain = QRFormatInformation.readings(dimension: d.dimension, module)
        let mirrored = QRFormatInformation.readings(dimension: d.dimension) { module($1, $0) }
        let format = strict ? QRFormatInformation.isConfident : { QRFormatInformation.decode($0) != nil }
        if format(plain) || format(mirrored) { return true }
        if d.dimension >= 45 {
            let n = d.dimension
            let version = strict ? QRVersionInformation.isConfident : { QRVersionInformation.decode($0) != nil }
            if version(QRVersionInformation.readings(dimension: n, module))
                || version(QRVersionInformation.readings(dimension: n) { module($1, $0) })
            {
                return true
            }
        }
        return outside
    }

    /// A masked search whose symbol did not read searches the whole matrix again only when the mask
    /// covered less than this fraction of it.
    static let wholeMatrixCoverage = 0.8
    /// Smallest module (pixels) of a well-supported finder pattern whose partners the whole-matrix search
    /// looks for. A block of the ``CandidateMap`` (16 pixels) inside a symbol is flat only where modules
    /// are about half a block or more (2 × 2 modules of one colour fill it); with smaller modules every
    /// block of a symbol has edges, so its finder patterns all lie within the mask (its margin,
    /// ``searchMargin`` blocks, reaches 16 modules and more beyond the symbol's blocks). A quarter block
    /// allows the far pattern of a symbol under strong perspective to be half the size of the near ones.
    /// A chance pattern of texture (on shelf photos, small patterns in bars and printed digits) no longer
    /// costs a search of the whole matrix, which read nothing on any corpus image: the QR Code plugin alone
    /// on `dense-shelf-0020` 905 M → 377 M instructions.
    static let partnersOutsideMask = Double(CandidateMap.blockSize) / 4
    /// Failed attempts a finder pattern may take part in, per binarized image.
    static let failuresPerPattern = 4
    /// Rows that must confirm a finder pattern before it takes part in a triple. Every row through a
    /// finder pattern's 3-module centre crosses its 1:1:3:1:1 runs (ISO/IEC 18004:2015 §6.3.3), at least
    /// four rows at 1.4 pixels a module; a pattern that one row alone shows is a chance alignment. Noise
    /// (a camera in the dark) makes hundreds of those a frame, and every triple of them costs a grid
    /// attempt: without them QR Code's time on a 1280×720 frame of noise fell from 574 to 136 ms. No
    /// corpus image reads differently; 2 of 2,493 damaged stress symbols read (seeds 11 and 12) no
    /// longer read.
    static let minimumConfirmations = 2

    /// The result for symbol `s` read through `d`; `corners` in grid order (see ``cornerPoints(_:_:)``),
    /// the grid's own corners when nil.
    func barcode(_ s: QRSymbol, detection d: QRDetection, corners gridCorners: [Point]? = nil) -> Barcode {
        let n = Double(d.dimension)
        var corners = gridCorners ?? [Point(0, 0), Point(n, 0), Point(n, n), Point(0, n)].map(d.transform.apply)
        if s.isMirrored {
            // The grid was read transposed: the symbol's top-right is the grid's bottom-left.
            corners = [corners[0], corners[3], corners[2], corners[1]]
        }
        return Barcode(
            format: .qrcode, content: s.content, cornerPoints: corners, isMirrored: s.isMirrored,
            errorCorrectionLevel: s.level.description,
            metadata: ["version": String(s.version), "mask": String(s.mask), "corrections": String(s.corrections)])
    }
}
