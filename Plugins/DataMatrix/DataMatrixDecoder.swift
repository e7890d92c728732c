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
/// Results: `rawBytes` are the decoded bytes (see ``DMDecodedBitStreamParser``), `rawValue` the text
/// (ISO-8859-1 unless an ECI says otherwise), `metadata` `size` (rows×columns), `corrections` and, when
/// present, `eci`, `application_indicator`, `reader_initialisation`, `macro`, `dmre`, `encodation`
/// (schemes other than ASCII);
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
        let first = read(
            matrix, image: frame.image, options: options, skipping: [], readOutlines: frame.readOutlines, mask: mask)
        var results = first.results
        // Modules that do not touch (dot-peen dots, or squares printed smaller than their cell) make no
        // finder component, or one whose sides and modules are broken by light gaps. Where this pass saw
        // a cluster of packed dots of one size, or a symbol-like grid it could not read, and no symbol read
        // covers the place, that place is read again with the dark pixels grown until neighbouring modules
        // touch (by the dots' joining radius, or by one pixel); a light module between two dark ones keeps
        // a light centre. Only the place is cropped and grown: the effort follows the candidates, not the
        // frame's size. Near misses are reread only with the try-harder effort, which the registry's
        // inverted pass goes without (as `--fast` does): in the negative, a light label's paper is one
        // dark region with solid edges and the bars or text on it make timing-like edges, near misses
        // that each cost a grown reread.
        let nearMisses = options.tryHarder ? first.nearMisses : []
        for place in rereadPlaces(dots: first.dots, nearMisses: nearMisses, matrix: matrix) {
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
            if results.contains(where: { Quadrilateral.contains($0.cornerPoints, place.centre) })
                || frame.readOutlines.contains(where: { Quadrilateral.contains($0, place.centre) })
            {
                continue
            }
            results += read(place, matrix: matrix, image: frame.image, options: options, skipping: results)
        }
        let left = first.nearMisses.map { Self.centre(of: $0) }
            .filter { p in !results.contains { Quadrilateral.contains($0.cornerPoints, p) } }
        return PassOutcome(symbols: results, unresolved: left.map { [$0] })
    }

    /// A place to read again with the dark pixels grown: a box of the frame (pixels, whole) and the
    /// dilation radius.
    struct RereadPlace {
        var x, y, width, height: Int
        var radius: Int
        var centre: Point { Point(Double(x) + Double(width) / 2, Double(y) + Double(height) / 2) }
    }

    /// The clusters of packed dots (grown by three pitches for the quiet zone and the outer dots' own
    /// size) and the near misses (grown by a quarter of their size, at least 4 modules), clipped to the
    /// frame.
    func rereadPlaces(dots: DMDotCensus, nearMisses: [[Point]], matrix: BitMatrix) -> [RereadPlace] {
        func place(_ box: Rect, margin: Double, radius: Int) -> RereadPlace? {
            let x0 = max(0, Int((box.x - margin).rounded(.down)))
            let y0 = max(0, Int((box.y - margin).rounded(.down)))
            let x1 = min(matrix.width, Int((box.x + box.width + margin).rounded(.up)))
            let y1 = min(matrix.height, Int((box.y + box.height + margin).rounded(.up)))
            guard x1 - x0 >= 8, y1 - y0 >= 8 else { return nil }
            return RereadPlace(x: x0, y: y0, width: x1 - x0, height: y1 - y0, radius: radius)
        }
        var places: [RereadPlace] = []
        if dots.side >= DMDotCensus.smallestSide {
            for c in dots.clusters {
                let margin = 3 * c.pitch + Double(dots.side)
                if let p = place(c.box, margin: margin, radius: dots.joiningRadius(pitch: c.pitch)) {
                    places.append(p)
                }
            }
        }
        for quad in nearMisses {
            let box = Rect(enclosing: quad)
            if let p = place(box, margin: max(0.25 * max(box.width, box.height), 8), radius: 1) { places.append(p) }
        }
        // Places of one radius that overlap are read as one (their union): a symbol's dots can fall into
        // several clusters where bigger blobs or a band of light modules separate them.
        var merged = true
        while merged {
            merged = false
            outer: for i in places.indices {
                for j in places.indices where j > i && places[j].radius == places[i].radius {
                    let a = places[i], b = places[j]
                    guard a.x < b.x + b.width, b.x < a.x + a.width, a.y < b.y + b.height, b.y < a.y + a.height
                    else { continue }
                    let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
                    places[i] = RereadPlace(
                        x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0,
                        height: max(a.y + a.height, b.y + b.height) - y0, radius: a.radius)
                    places.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return places
    }

    /// The symbols in `place` of `matrix`, read from a crop of it with the dark pixels grown by the place's
    /// radius; corner points in frame pixels. Symbols in `found` (frame pixels) are not read again.
    func read(
        _ place: RereadPlace, matrix: BitMatrix, image: LuminanceImage, options: DecodeOptions,
        skipping found: [Barcode]
    ) -> [Barcode] {
        let crop = matrix.dmCropped(x: place.x, y: place.y, width: place.width, height: place.height)
        let image = try? image.cropped(x: place.x, y: place.y, width: place.width, height: place.height)
        let dx = Double(place.x), dy = Double(place.y)
        let skipping = found.map { b in
            var b = b
            b.cornerPoints = b.cornerPoints.map { Point($0.x - dx, $0.y - dy) }
            return b
        }
        return read(
            crop.dmDilated(radius: place.radius), image: image, options: options, skipping: skipping,
            mask: nil
        ).results.map { b in
            var b = b
            b.cornerPoints = b.cornerPoints.map { Point($0.x + dx, $0.y + dy) }
            return b
        }
    }

    /// The centre of a candidate's quadrilateral (its finder corner and the opposite one).
    static func centre(of quad: [Point]) -> Point {
        Point((quad[0].x + quad[2].x) / 2, (quad[0].y + quad[2].y) / 2)
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
    /// dot-like components. Candidates centred inside `readOutlines` (other symbols read in the frame,
    /// ``FrameContext/readOutlines``) are skipped as those inside `found` are.
    func read(
        _ matrix: BitMatrix, image: LuminanceImage?, options: DecodeOptions, skipping found: [Barcode],
        readOutlines: [[Point]] = [], mask: CandidateMask?
    ) -> (results: [Barcode], bestScore: Double, dots: DMDotCensus, nearMisses: [[Point]]) {
        var results: [Barcode] = []
        var nearMisses: [[Point]] = []
        var bestScore = 0.0
        var areas: [[Point]] = found.map(\.cornerPoints) + readOutlines
        var pureCandidate = options.pure ? DMDetector.pureCandidate(matrix) : nil
        let (components, dots) = DMDetector.componentsAndDots(matrix, minSide: 10)
        // Candidates one at a time, as the loop gets to them: it may stop long before the last component
        // (most of a textured frame's), and a candidate's hull and side profiles are most of its cost.
        var nextComponent = 0
        func nextCandidate() -> DMDetector.Candidate? {
            if let c = pureCandidate {
                pureCandidate = nil
                return c
            }
            while nextComponent < components.count {
                nextComponent += 1
                if let c = DMDetector.candidate(ofComponent: components[nextComponent - 1], matrix, mask: mask) {
                    return c
                }
            }
            return nil
        }
        var failures = 0
        while let cand = nextCandidate() {
            let centre = Point((cand.l.x + cand.b.x) / 2, (cand.l.y + cand.b.y) / 2)
            if areas.contains(where: { Quadrilateral.contains($0, centre) }) { continue }
            if failures >= Self.failedCandidateLimit { break }
            let readBefore = results.count
            defer { if results.count == readBefore { failures += 1 } }
            // Each detection is sampled and decoded once: the ones the detector hands over as it refines
            // them (near-perfect grids), then the rest, best first.
            var tried: [DMDetection] = []
            var read: Barcode?
            func attempt(_ d: DMDetection) -> Bool {
                tried.append(d)
                guard let (content, corrections) = Self.decode(d, in: matrix) else { return false }
                read = barcode(content, corrections: corrections, detection: d)
                return true
            }
            let dets = DMDetector.detections(matrix, cand, reading: attempt)
            bestScore = max(bestScore, dets.first?.score ?? 0)
            if read == nil {
                for d in dets where !tried.contains(where: { $0.isSameHypothesis(as: d) }) {
                    if attempt(d) { break }
                }
            }
            let done = read != nil
            if let b = read {
                results.append(b)
                areas.append(b.cornerPoints)
            }
            if !done, let d = dets.first {
                if let (content, corrections, dd) = reread(matrix, image: image, dets, d) {
                    let b = barcode(content, corrections: corrections, detection: dd)
                    results.append(b)
                    areas.append(b.cornerPoints)
                } else if d.score >= Self.rereadScore {
                    nearMisses.append([cand.l, cand.a, cand.b, cand.c])
                }
            }
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
            if options.pure && !results.isEmpty { break }
        }
        return (results, bestScore, dots, nearMisses)
    }

    /// Candidates that read nothing after which one pass over a binarized image stops: the bound on its
    /// effort over texture, where a frame has hundreds of finder-like components. A candidate that reads
    /// a symbol does not count, so a frame with many symbols is read to its last one.
    static let failedCandidateLimit = 80

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
    ) -> (DecodedContent, Int, DMDetection)? {
        guard d.score >= Self.rereadScore else { return nil }
        if let (c, n) = readRegions(matrix, image: image, d) { return (c, n, d) }
        for det in dets.prefix(2) {
            let r = DMDetector.refineCorners(matrix, det)
            if let (c, n) = Self.decode(r, in: matrix) { return (c, n, r) }
            if let (c, n) = readRegions(matrix, image: image, r) { return (c, n, r) }
        }
        return nil
    }

    /// Reads detection `d` through per-region transforms: first the grey levels at the module centres
    /// (blur), then, with each region's corners refitted (uneven print, curved labels), the binarized
    /// and the grey modules.
    func readRegions(_ matrix: BitMatrix, image: LuminanceImage?, _ d: DMDetection) -> (DecodedContent, Int)? {
        var regions = DMRegionGrid(size: d.size, transform: d.transform)
        var grids: [BitMatrix] = []
        if let image { grids += [regions.sampleLuminance(image)].compactMap { $0 } }
        let w = Double(d.size.columns)
        let h = Double(d.size.rows)
        let module =
            d.transform.apply(Point(0, 0)).distance(to: d.transform.apply(Point(w, h))) / (w * w + h * h).squareRoot()
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

    /// The content of the grid that detection `d` lays over `matrix` (each module read at its centre) and
    /// the number of codewords corrected; nil when a module centre falls outside the image or the grid
    /// does not read.
    static func decode(_ d: DMDetection, in matrix: BitMatrix) -> (DecodedContent, Int)? {
        guard
            let grid = GridSampler.sample(matrix, columns: d.size.columns, rows: d.size.rows, transform: d.transform)
        else { return nil }
        return decode(grid: grid, size: d.size)
    }

    /// Decodes a sampled module grid of a known size: codewords, error correction, data.
    public static func decode(grid: BitMatrix, size: DMSymbolSize) -> (DecodedContent, Int)? {
        guard let codewords = DMBitMatrixParser.codewords(grid, size: size),
            let (data, corrected) = DMDataBlocks.correct(codewords, size: size),
            let content = DMDecodedBitStreamParser.parse(data)
        else { return nil }
        return (content, corrected)
    }

    /// The result for content `c` read through `d` with `corrections` codewords corrected.
    func barcode(_ c: DecodedContent, corrections: Int, detection d: DMDetection) -> Barcode {
        let w = Double(d.size.columns)
        let h = Double(d.size.rows)
        let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map(d.transform.apply)
        var metadata = ["size": "\(d.size.rows)x\(d.size.columns)", "corrections": String(corrections)]
        if d.size.isDMRE { metadata["dmre"] = "true" }
        return Barcode(
            format: .datamatrix, content: c, cornerPoints: corners, isMirrored: d.isMirrored, metadata: metadata)
    }
}
