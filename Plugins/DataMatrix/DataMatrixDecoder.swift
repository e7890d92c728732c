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
        guard options.wants(.datamatrix) else { return [] }
        // Only symbols near the frame's matrix candidate blocks (the data region's modules make them).
        let mask = CandidateMask(frame, options: options, linear: false, matrix: true, margin: Self.searchMargin)
        if mask.isEmpty { return [] }
        var kinds: [BinarizerKind] = [options.binarizer]
        if options.tryHarder { kinds += BinarizerKind.allCases.filter { $0 != options.binarizer } }
        var results: [Barcode] = []
        for kind in kinds {
            let matrix = frame.binarized(kind)
            for b in decode(matrix, image: frame.image, options: options, skipping: results, mask: mask) {
                if !results.contains(where: { $0.rawBytes == b.rawBytes && $0.boundingBox.meets(b.boundingBox) }) {
                    results.append(b)
                }
            }
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
            // The second binarizer is for symbols the first could not read; once something was read, a
            // second pass over the same page costs as much again and rarely finds more.
            if !results.isEmpty { break }
        }
        return results
    }

    /// Every symbol found in a binarized image; candidates inside `found` symbols are skipped, and so are
    /// candidates with no pixel in `mask` (when given).
    /// `image`, when given, is the grey image `matrix` was binarized from (used to re-read hard symbols).
    public func decode(
        _ matrix: BitMatrix, image: LuminanceImage? = nil, options: DecodeOptions, skipping found: [Barcode] = [],
        mask: CandidateMask? = nil
    ) -> [Barcode] {
        var results: [Barcode] = []
        var areas: [[Point]] = found.map(\.cornerPoints)
        var candidates: [DMDetector.Candidate] = []
        if options.pure, let c = DMDetector.pureCandidate(matrix) { candidates.append(c) }
        candidates += DMDetector.candidates(matrix, mask: mask)
        var attempts = 0
        for cand in candidates {
            let centre = Point((cand.l.x + cand.b.x) / 2, (cand.l.y + cand.b.y) / 2)
            if areas.contains(where: { DataMatrixDecoder.contains($0, centre) }) { continue }
            attempts += 1
            if attempts > 80 { break }
            let dets = DMDetector.detections(matrix, cand)
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
            // Blur: threshold the grey levels at the module centres instead of the binarized pixels.
            // Uneven print or a curved surface: fit each data region on its own and sample again.
            if !done, let d = dets.first {
                var regions = DMRegionGrid(size: d.size, transform: d.transform)
                var grids: [BitMatrix] = []
                if let image { grids += [regions.sampleLuminance(image)].compactMap { $0 } }
                let w = Double(d.size.columns)
                let h = Double(d.size.rows)
                let module =
                    d.transform.apply(Point(0, 0)).distance(to: d.transform.apply(Point(w, h)))
                    / (w * w + h * h).squareRoot()
                for k in 0..<2 {
                    if k == 1 {
                        regions.refine(matrix, module: module)
                        grids = [regions.sample(matrix)].compactMap { $0 }
                        if let image { grids += [regions.sampleLuminance(image)].compactMap { $0 } }
                    }
                    if let (content, corrections) = grids.lazy.compactMap({
                        DataMatrixDecoder.decode(grid: $0, size: d.size)
                    }).first {
                        let b = barcode(content, corrections: corrections, detection: d)
                        results.append(b)
                        areas.append(b.cornerPoints)
                        break
                    }
                }
            }
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
            if options.pure && !results.isEmpty { break }
        }
        return results
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
