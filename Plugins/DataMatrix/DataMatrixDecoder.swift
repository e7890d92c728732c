import Foundation
import ScanCore

/// The Data Matrix plugin: ECC 200 in all square and rectangular sizes (ISO/IEC 16022:2006) and the
/// DMRE sizes (ISO/IEC 21471:2020).
///
/// ```swift
/// let codes = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue            // "Hello"
/// codes.first?.metadata["size"]    // "12x12" (rows × columns)
/// ```
///
/// Results: `rawBytes` are the decoded bytes (see ``DMDecodedContent/bytes``), `rawValue` the text
/// (ISO-8859-1 unless an ECI says otherwise), `metadata` `size` (rows×columns), `corrections` and, when
/// present, `eci`, `reader_programming`, `macro`, `dmre`, `encodation` (schemes other than ASCII);
/// `cornerPoints` are the symbol's outer corners in its own order top-left, top-right, bottom-right, bottom-left (the finder is the left and bottom edge), so
/// a mirrored symbol's corners run counter-clockwise in the image. Symbology identifier `]d1`…`]d6`
/// (ISO/IEC 16022:2006 Annex N). A structured-append member carries `structuredAppend` (index from 0,
/// count, file identification as decimal text); merge a set with ``DMStructuredAppend/merge(_:)``.
public struct DataMatrixDecoder: SymbologyDecoder {
    public let name = "datamatrix"
    public let formats: Set<BarcodeFormat> = [.datamatrix]

    /// Blocks (16 pixels) searched around each matrix candidate block of the frame's ``CandidateMap``.
    public static let searchMargin = 3

    public init() {}

    public func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        decodePass(frame, pass: DecodePass(kind: nil, binarizer: options.binarizer), options: options).symbols
    }

    /// One pass over `frame` binarized by `options.binarizer`. Its unresolved places are the candidates
    /// whose best grid hypothesis scored ``rereadScore`` or more but did not read: symbols another
    /// binarizer may read (clutter that merely resembles a finder scores lower).
    public func decodePass(_ frame: FrameContext, pass: DecodePass, options: DecodeOptions) -> PassOutcome {
        guard options.wants(.datamatrix) else { return PassOutcome(symbols: [], unresolved: []) }
        // Only symbols near the frame's matrix candidate blocks (the data region's modules make them).
        let mask = CandidateMask(frame, options: options, linear: false, matrix: true, margin: Self.searchMargin)
        if mask.isEmpty { return PassOutcome(symbols: [], unresolved: []) }
        let matrix = frame.binarized(options.binarizer)
        let first = read(matrix, image: frame.image, options: options, skipping: [], mask: mask)
        var results = first.results
        // Modules that do not touch (dot-peen dots, or squares printed smaller than their cell) make no
        // finder component, or one whose sides and modules are broken by light gaps. When this pass saw
        // enough packed dots of one size, or found a symbol-like grid it could not read, and read nothing,
        // its image is read again with the dark pixels grown until neighbouring modules touch (by the
        // dots' joining radius, or by one pixel); a light module between two dark ones keeps a light
        // centre.
        if results.isEmpty {
            let radius = first.dots.suggestsDotPeen
                ? first.dots.joiningRadius : first.bestScore >= Self.rereadScore ? 1 : 0
            if radius > 0 {
                results = read(matrix.dmDilated(radius: radius), image: frame.image, options: options, skipping: [],
                               mask: mask).results
            }
        }
        let left = first.nearMisses.filter { p in !results.contains { Self.contains($0.cornerPoints, p) } }
        return PassOutcome(symbols: results, unresolved: left.map { [$0] })
    }

    /// Every symbol found in a binarized image; candidates inside `found` symbols are skipped, and so are
    /// candidates with no pixel in `mask` (when given).
    /// `image`, when given, is the grey image `matrix` was binarized from (used to re-read hard symbols).
    public func decode(
        _ matrix: BitMatrix, image: LuminanceImage? = nil, options: DecodeOptions, skipping found: [Barcode] = [],
        mask: CandidateMask? = nil
    ) -> [Barcode] {
        read(matrix, image: image, options: options, skipping: found, mask: mask).results
    }

    /// ``decode(_:image:options:skipping:mask:)`` with the best score of any grid hypothesis tried (0 when
    /// there was none), which tells a symbol that could not be read from clutter, and the census of
    /// dot-like components.
    func read(
        _ matrix: BitMatrix, image: LuminanceImage?, options: DecodeOptions, skipping found: [Barcode],
        mask: CandidateMask?
    ) -> (results: [Barcode], bestScore: Double, dots: DMDotCensus, nearMisses: [Point]) {
        var results: [Barcode] = []
        var nearMisses: [Point] = []
        var bestScore = 0.0
        var areas: [[Point]] = found.map(\.cornerPoints)
        var candidates: [DMDetector.Candidate] = []
        if options.pure, let c = DMDetector.pureCandidate(matrix) { candidates.append(c) }
        let scan = DMDetector.scan(matrix, mask: mask)
        candidates += scan.candidates
        var attempts = 0
        for cand in candidates {
            let centre = Point((cand.l.x + cand.b.x) / 2, (cand.l.y + cand.b.y) / 2)
            if areas.contains(where: { DataMatrixDecoder.contains($0, centre) }) { continue }
            attempts += 1
            if attempts > 80 { break }
            let dets = DMDetector.detections(matrix, cand)
            bestScore = max(bestScore, dets.first?.score ?? 0)
            var done = false
            for d in dets {
                guard
                    let grid = GridSampler.sample(
                        matrix, columns: d.size.columns, rows: d.size.rows, transform: d.transform),
                    let (content, corrections) = DataMatrixDecoder.decode(grid: grid, size: d.size)
                else { continue }
                let b = barcode(content, corrections: corrections, detection: d)
                results.append(b)
                areas.append(b.cornerPoints)
                done = true
                break
            }
            if !done, let d = dets.first {
                if let (content, corrections, dd) = reread(matrix, image: image, dets, d) {
                    let b = barcode(content, corrections: corrections, detection: dd)
                    results.append(b)
                    areas.append(b.cornerPoints)
                } else if d.score >= Self.rereadScore {
                    nearMisses.append(centre)
                }
            }
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
            if options.pure && !results.isEmpty { break }
        }
        return (results, bestScore, scan.dots, nearMisses)
    }

    /// Detections whose finder and timing modules matched at least this well are worth the slower
    /// second reads of ``reread(_:image:_:_:)`` (clutter that merely resembles a finder scores lower).
    static let rereadScore = 0.85

    /// Second reads of a candidate whose detections all failed error correction, cheapest first:
    /// 1. blur: the grey levels thresholded at the module centres; uneven print or a curved surface:
    ///    each data region fitted on its own (for the best detection `d`);
    /// 2. corners off by a fraction of a module (blur, ink spread, perspective): all four corners
    ///    refined against the finder and timing modules, for the two best detections, each read
    ///    directly and as in step 1.
    /// Only when `d` scores at least ``rereadScore``: on clutter these reads cost more than everything
    /// before them (every symbol of both corpora that needed them scored 0.87 or more).
    func reread(
        _ matrix: BitMatrix, image: LuminanceImage?, _ dets: [DMDetection], _ d: DMDetection
    ) -> (DMDecodedContent, Int, DMDetection)? {
        guard d.score >= Self.rereadScore else { return nil }
        if let (c, n) = readRegions(matrix, image: image, d) { return (c, n, d) }
        for det in dets.prefix(2) {
            let r = DMDetector.refineCorners(matrix, det)
            if let grid = GridSampler.sample(matrix, columns: r.size.columns, rows: r.size.rows, transform: r.transform),
                let (c, n) = DataMatrixDecoder.decode(grid: grid, size: r.size)
            {
                return (c, n, r)
            }
            if let (c, n) = readRegions(matrix, image: image, r) { return (c, n, r) }
        }
        return nil
    }

    /// Reads detection `d` through per-region transforms: first the grey levels at the module centres
    /// (blur), then, with each region's corners refitted (uneven print, curved labels), the binarized
    /// and the grey modules.
    func readRegions(_ matrix: BitMatrix, image: LuminanceImage?, _ d: DMDetection) -> (DMDecodedContent, Int)? {
        var regions = DMRegionGrid(size: d.size, transform: d.transform)
        var grids: [BitMatrix] = []
        if let image { grids += [regions.sampleLuminance(image)].compactMap { $0 } }
        let w = Double(d.size.columns)
        let h = Double(d.size.rows)
        let module = d.transform.apply(Point(0, 0)).distance(to: d.transform.apply(Point(w, h))) / (w * w + h * h).squareRoot()
        for k in 0..<2 {
            if k == 1 {
                regions.refine(matrix, module: module)
                grids = [regions.sample(matrix)].compactMap { $0 }
                if let image { grids += [regions.sampleLuminance(image)].compactMap { $0 } }
            }
            if let r = grids.lazy.compactMap({ DataMatrixDecoder.decode(grid: $0, size: d.size) }).first { return r }
        }
        return nil
    }

    /// Decodes a sampled module grid of a known size: codewords, error correction, data.
    public static func decode(grid: BitMatrix, size: DMSymbolSize) -> (DMDecodedContent, Int)? {
        guard let codewords = DMBitMatrixParser.codewords(grid, size: size),
            let (data, corrected) = DMDataBlocks.correct(codewords, size: size),
            let content = DMDecodedBitStreamParser.parse(data)
        else { return nil }
        return (content, corrected)
    }

    /// True when `p` lies inside the convex quadrilateral `q`.
    static func contains(_ q: [Point], _ p: Point) -> Bool {
        guard q.count == 4 else { return false }
        var sign = 0.0
        for i in 0..<4 {
            let a = q[i]
            let b = q[(i + 1) % 4]
            let cr = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cr == 0 { continue }
            if sign == 0 { sign = cr } else if (cr > 0) != (sign > 0) { return false }
        }
        return true
    }

    func barcode(_ c: DMDecodedContent, corrections: Int, detection d: DMDetection) -> Barcode {
        let w = Double(d.size.columns)
        let h = Double(d.size.rows)
        let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map(d.transform.apply)
        let tl = corners[0]
        let tr = corners[1]
        var angle = atan2(tr.y - tl.y, tr.x - tl.x) * 180 / Double.pi
        if angle < 0 { angle += 360 }
        var metadata = ["size": "\(d.size.rows)x\(d.size.columns)", "corrections": String(corrections)]
        if !c.ecis.isEmpty { metadata["eci"] = c.ecis.map(String.init).joined(separator: ",") }
        if c.readerProgramming { metadata["reader_programming"] = "true" }
        if let m = c.macro { metadata["macro"] = String(format: "%02d", m) }
        if d.size.isDMRE { metadata["dmre"] = "true" }
        if !c.schemes.isEmpty { metadata["encodation"] = c.schemes.joined(separator: ",") }
        return Barcode(
            format: .datamatrix, rawValue: c.text, rawBytes: c.bytes,
            valueType: c.fnc1 == .gs1 ? .gs1 : .text, cornerPoints: corners,
            symbologyIdentifier: "]d\(c.symbologyModifier)", orientation: angle, isMirrored: d.isMirrored,
            structuredAppend: c.structuredAppend.map {
                StructuredAppend(index: $0.index, count: $0.count, id: String($0.fileID))
            }, metadata: metadata)
    }
}

