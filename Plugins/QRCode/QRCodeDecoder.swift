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
/// Results: `rawBytes` are the segment bytes (see ``QRDecodedContent/bytes``), `rawValue` the text (see
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
        guard options.wants(.qrcode) else { return [] }
        let mask = CandidateMask(frame, options: options, linear: true, matrix: true, margin: Self.searchMargin)
        if mask.isEmpty { return [] }
        var kinds: [BinarizerKind] = [options.binarizer]
        if options.tryHarder { kinds += BinarizerKind.allCases.filter { $0 != options.binarizer } }
        var results: [Barcode] = []
        for kind in kinds {
            let matrix = frame.binarized(kind)
            for b in decode(matrix, options: options, mask: mask) {
                if !results.contains(where: { $0.rawBytes == b.rawBytes && $0.boundingBox.meets(b.boundingBox) }) {
                    results.append(b)
                }
            }
            if !results.isEmpty && !options.tryHarder { break }
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
        }
        return results
    }

    /// Every symbol found in a binarized image. When finder patterns were seen but no symbol read, and
    /// `tryHarder` is set, the matrix is cleaned of isolated specks (``BitMatrix/majorityFiltered()``) and
    /// searched again: salt-and-pepper noise breaks the runs the finder search relies on.
    /// With a `mask`, finder patterns are searched only where it says (see
    /// ``QRFinderPatternFinder/find(_:rowStep:mask:)``).
    public func decode(_ matrix: BitMatrix, options: DecodeOptions, mask: CandidateMask? = nil) -> [Barcode] {
        var (found, patternCount) = decodeOnce(matrix, options: options, mask: mask)
        if found.isEmpty && patternCount >= 1, let mask, mask.coverage < Self.wholeMatrixCoverage {
            // A finder pattern near the candidates whose symbol did not read: under strong perspective or
            // with large modules the other finder patterns can lie outside the mask. The whole matrix.
            (found, patternCount) = decodeOnce(matrix, options: options, mask: nil)
            if found.isEmpty && patternCount >= 2 && options.tryHarder {
                return decodeOnce(matrix.majorityFiltered(), options: options).0
            }
            return found
        }
        if found.isEmpty && patternCount >= 2 && options.tryHarder {
            return decodeOnce(matrix.majorityFiltered(), options: options, mask: mask).0
        }
        return found
    }

    func decodeOnce(_ matrix: BitMatrix, options: DecodeOptions, mask: CandidateMask? = nil) -> ([Barcode], Int) {
        // The strongest patterns only: noise and fine texture give hundreds of chance patterns, and the
        // triples grow with their cube (a page of 30 symbols has 90 real ones).
        let patterns = Array(QRFinderPatternFinder.find(matrix, mask: mask).prefix(Self.maxFinderPatterns))
        // Triples whose timing patterns confirm them first: a triple built from finder patterns of
        // different symbols on a page fits the geometry as well as a real one but fails this check.
        // Only the best-shaped triples are checked (a walk along both timing lines each); the rest count
        // as unconfirmed.
        let triples = QRDetector.triples(patterns).enumerated().map { (rank, t) in
            (t, rank < Self.timingCheckedTriples
                ? QRDetector.timingDisagreement(matrix, tl: patterns[t.tl], tr: patterns[t.tr], bl: patterns[t.bl])
                : 2)
        }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.score < $1.0.score }
        var used = Set<Int>()
        var results: [Barcode] = []
        var attempts = 0
        var unconfirmed = 0
        var failedInARow = 0
        var fallbacks = Self.maxPerspectiveFallbacks
        let maxAttempts = min(60 + 3 * patterns.count, Self.maxAttempts)
        for (t, disagreement) in triples {
            if used.contains(t.tl) || used.contains(t.tr) || used.contains(t.bl) { continue }
            attempts += 1
            if attempts > maxAttempts { break }
            // Neither timing pattern agrees: a chance triple (noise, texture, two symbols) far more often
            // than a symbol; only a few of those are tried.
            if disagreement >= 2 {
                unconfirmed += 1
                if unconfirmed > Self.maxUnconfirmedAttempts { break }
            }
            let detections = QRDetector.detections(
                matrix, tl: patterns[t.tl], tr: patterns[t.tr], bl: patterns[t.bl])
            if let (symbol, d) = decodeFirst(matrix, detections, fallbacks: &fallbacks) {
                results.append(barcode(symbol, detection: d))
                used.formUnion([t.tl, t.tr, t.bl])
                failedInARow = 0
            } else {
                // Symbols rank first; this many failures in a row means the rest is chance (noise,
                // texture), each costing a full sampling.
                failedInARow += 1
                if failedInARow >= Self.maxFailuresInARow { break }
            }
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
        }
        return (results, patterns.count)
    }

    /// Tries each candidate grid: the global transform first, then (versions 7+) the alignment-pattern
    /// mapping; and when the version information of a sampled grid names another size, that size. When
    /// none reads, the grids from the finder outlines (``QRDetector/perspectiveDetections``) for the
    /// size the outlines imply and then the sizes already tried: the fallback for strong perspective,
    /// paid only by triples that did not read otherwise, while `fallbacks` (decremented) lasts.
    func decodeFirst(_ matrix: BitMatrix, _ detections: [QRDetection], fallbacks: inout Int)
        -> (QRSymbol, QRDetection)?
    {
        var tried = Set(detections.map(\.dimension))
        var queue = detections
        var i = 0
        while i < queue.count {
            let d = queue[i]
            i += 1
            let (symbol, grid) = read(matrix, d)
            if let symbol { return (symbol, d) }
            guard let grid, d.dimension >= 45, d.finders.count == 3 else { continue }
            for g in [grid, QRMatrixDecoder.transposed(grid)] {
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
        guard fallbacks > 0, let first = detections.first, first.finders.count == 3 else { return nil }
        let f = first.finders
        guard let outlines = QRDetector.outlines(matrix, tl: f[0], tr: f[1], bl: f[2]) else { return nil }
        fallbacks -= 1
        var dimensions = queue.map(\.dimension)
        if let implied = QRDetector.dimension(outlines: outlines, tr: f[1].center, bl: f[2].center) {
            dimensions.insert(implied, at: 0)
        }
        var seen = Set<Int>()
        for n in dimensions where seen.insert(n).inserted {
            for d in QRDetector.perspectiveDetections(matrix, outlines: outlines, finders: f, dimension: n) {
                if let symbol = read(matrix, d).symbol { return (symbol, d) }
            }
        }
        return nil
    }

    /// Reads the grid of `d`: through its transform, then (versions 7+) through the alignment-pattern
    /// mapping. Returns the symbol, if any, and the grid sampled through the transform.
    func read(_ matrix: BitMatrix, _ d: QRDetection) -> (symbol: QRSymbol?, grid: BitMatrix?) {
        // The format (and from version 7 the version) information first: a grid whose format information
        // decodes in neither orientation cannot read, the caller uses a failed grid only for its version
        // information, and sampling a grid whole costs up to 177² modules (chance triples in noise and
        // texture are mostly such grids).
        if !formatOrVersionInformationDecodes(matrix, d) { return (nil, nil) }
        guard let grid = GridSampler.sample(matrix, dimension: d.dimension, transform: d.transform) else {
            return (nil, nil)
        }
        if let s = QRMatrixDecoder.decode(grid) { return (s, grid) }
        // The finer mapping only for a grid that reads as a QR symbol near its finders (format
        // information in either orientation, both copies agreeing): chance triples in noise and texture
        // mostly do not.
        let n = grid.width
        guard QRFormatInformation.isConfident(QRFormatInformation.readings(dimension: n) { grid[$0, $1] })
            || QRFormatInformation.isConfident(QRFormatInformation.readings(dimension: n) { grid[$1, $0] })
        else { return (nil, grid) }
        if let mapping = QRDetector.alignmentMapping(matrix, d),
            let fine = GridSampler.sample(matrix, dimension: d.dimension, mapping: mapping),
            let s = QRMatrixDecoder.decode(fine)
        {
            return (s, grid)
        }
        return (nil, grid)
    }

    /// True unless the format information modules of detection `d` (and, for 45 modules and up, the
    /// version information modules), read as ``GridSampler/sample(_:dimension:transform:tolerance:)``
    /// would read them, decode in neither the plain nor the mirrored orientation (see
    /// ``QRMatrixDecoder/decode(_:)``). Also true when a module falls outside the image (the whole
    /// sampling then fails by itself).
    func formatOrVersionInformationDecodes(_ matrix: BitMatrix, _ d: QRDetection) -> Bool {
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
        if QRFormatInformation.decode(plain) != nil || QRFormatInformation.decode(mirrored) != nil { return true }
        if d.dimension >= 45 {
            let n = d.dimension
            if QRVersionInformation.decode(QRVersionInformation.readings(dimension: n, module)) != nil
                || QRVersionInformation.decode(QRVersionInformation.readings(dimension: n) { module($1, $0) }) != nil
            {
                return true
            }
        }
        return outside
    }

    /// Triples (best geometry first) whose timing patterns are checked before the attempts are ordered.
    static let timingCheckedTriples = 1000
    /// A masked search whose symbol did not read searches the whole matrix again only when the mask
    /// covered less than this fraction of it.
    static let wholeMatrixCoverage = 0.8
    /// Triples tried per binarized image, at most (best ranked first: a page of 30 symbols needs 30).
    static let maxAttempts = 150
    /// Triples that may fail one after another before the search of a binarized image stops.
    static let maxFailuresInARow = 40
    /// Finder patterns used per binarized image, strongest first.
    static let maxFinderPatterns = 150
    /// Triples tried per binarized image whose timing patterns both disagree with their finder spacing.
    static let maxUnconfirmedAttempts = 40
    /// How many triples of one binarized image may try the perspective fallback's grids (triples whose
    /// finder outlines cannot be located do not count): the best-ranked triples are the real symbols; a
    /// busy image has hundreds of chance triples.
    static let maxPerspectiveFallbacks = 12

    func barcode(_ s: QRSymbol, detection d: QRDetection) -> Barcode {
        let n = Double(d.dimension)
        var corners = [Point(0, 0), Point(n, 0), Point(n, n), Point(0, n)].map(d.transform.apply)
        if s.isMirrored {
            // The grid was read transposed: the symbol's top-right is the grid's bottom-left.
            corners = [corners[0], corners[3], corners[2], corners[1]]
        }
        let c = s.content
        let tl = corners[0], tr = corners[1]
        var angle = atan2(tr.y - tl.y, tr.x - tl.x) * 180 / Double.pi
        if angle < 0 { angle += 360 }
        var metadata = ["version": String(s.version), "mask": String(s.mask), "corrections": String(s.corrections)]
        if case .second(let ai) = c.fnc1 { metadata["application_indicator"] = ai }
        if !c.ecis.isEmpty { metadata["eci"] = c.ecis.map(String.init).joined(separator: ",") }
        return Barcode(
            format: .qrcode, rawValue: c.text, rawBytes: c.bytes, cornerPoints: corners,
            symbologyIdentifier: "]Q\(c.symbologyModifier)", errorCorrectionLevel: s.level.description,
            orientation: angle, isMirrored: s.isMirrored,
            structuredAppend: c.structuredAppend.map {
                StructuredAppend(index: $0.index, count: $0.count, id: String($0.parity))
            }, metadata: metadata)
    }
}

