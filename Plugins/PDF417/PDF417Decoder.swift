import Foundation
import ScanCore

/// The PDF417 plugin: PDF417, compact PDF417 and Macro PDF417 (ISO/IEC 15438:2015).
///
/// ```swift
/// let codes = PDF417Decoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue               // "Hello"
/// codes.first?.metadata["columns"]    // "3"
/// ```
///
/// Results: `rawBytes` the payload bytes (see ``PDF417DecodedBitStreamParser/decode(_:)``), `rawValue` its text (ECI
/// character sets; ISO-8859-1 without one), `errorCorrectionLevel` "0"…"8", `metadata` `rows`, `columns`,
/// `compact`, `corrections`, `erasures`, `eci`, `reader_initialisation`, and for a Macro PDF417 member
/// `macro_segment_index`, `macro_file_id`, `macro_last_segment`, `macro_segment_count`, `macro_file_name`,
/// `macro_time_stamp`, `macro_sender`, `macro_addressee`, `macro_file_size`, `macro_checksum` (merge a set with
/// ``PDF417MacroSet/merge(_:)``); `structuredAppend` is set too (count 0 when the symbol does not say).
/// `cornerPoints` are the outer corners of the start and stop patterns, clockwise on the symbol from its
/// top-left (counter-clockwise in the image for a mirrored symbol); for a symbol read from its stop side
/// (start pattern outside the image) the left corners are where the start pattern would be, outside the
/// image. Symbology identifier `]L2`.
public struct PDF417Decoder: SymbologyDecoder {
    public let name = "pdf417"
    public let formats: Set<BarcodeFormat> = [.pdf417]

    /// Blocks (16 pixels) searched around each candidate block of the frame's ``CandidateMap``.
    public static let searchMargin = 3
    /// Line step of the probe scan (pixels). A symbol's start and stop patterns run down all its rows
    /// (at least 3 rows of 2 modules or more), so lines this far apart cross them several times.
    public static let probeStep = 3
    /// Line step of the probe on luminance profiles (pixels; the try-harder search for small modules and
    /// blur, costlier per line than runs of a binarized image): still at least one line across the
    /// start or stop pattern of the smallest symbol (3 rows of 3 modules of a pixel or more).
    public static let profileProbeStep = 6

    public init() {}

    public func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        decodePass(frame, pass: DecodePass(kind: nil, binarizer: options.binarizer), options: options).symbols
    }

    /// PDF417 is a stacked symbology: its codeword columns make linear candidate blocks, its rows and finer
    /// modules matrix ones.
    public var kind: SymbologyKind { .stacked }

    /// One pass over `frame` binarized by `options.binarizer`: a probe for start and stop patterns on every
    /// few lines, then the lines near what it met. In the second binarizer's pass, when that reads nothing
    /// either (and `tryHarder`), the probe runs on luminance profiles instead (small modules and blur),
    /// over the frame's linear candidate blocks (blur leaves a symbol's patterns and columns as bars).
    /// The plugin does not report unresolved places: the registry gives it the other binarizer while it
    /// has read nothing.
    public func decodePass(_ frame: FrameContext, pass: DecodePass, options: DecodeOptions) -> PassOutcome {
        guard options.wants(.pdf417) else { return PassOutcome(symbols: [], unresolved: nil) }
        // Only around the frame's candidate blocks: a PDF417's codeword columns make linear candidates,
        // its rows and finer modules matrix ones; the margin takes in the start and stop patterns.
        let mask = CandidateMask(frame, options: options, linear: true, matrix: true, margin: Self.searchMargin)
        if mask.isEmpty { return PassOutcome(symbols: [], unresolved: nil) }
        let w = frame.width, h = frame.height
        let fine = step(frame, options)
        // Two steps per source: a probe on every few lines, then every `fine`-th line near the probe's
        // hits. The start and stop patterns run down the whole symbol, so the probe meets them wherever a
        // symbol is, and the fine step reads only the lines around what it met.
        func lines(_ probe: [PDF417PatternHit], step: Int = Self.probeStep) -> PDF417Detector.Lines {
            var near = PDF417Detector.Lines.near(probe, radius: step + 1, width: w, height: h)
            if fine > 1 {
                near.rows = near.rows.filter { $0 % fine == 0 }
                near.columns = near.columns.filter { $0 % fine == 0 }
            }
            return near
        }
        let spans = PDF417Detector.Spans(mask)
        let probeLines = PDF417Detector.Lines.every(Self.probeStep, width: w, height: h)
        var results: [Barcode] = []
        let matrix = frame.binarized(options.binarizer)
        let probe = PDF417Detector.hits(matrix, lines: probeLines, spans: spans)
        if !probe.isEmpty {
            let hits = PDF417Detector.hits(matrix, lines: lines(probe), spans: spans)
            results = decode(hits: hits, frame: frame, options: options)
        }
        if results.isEmpty && options.tryHarder && pass.kind == .secondBinarizer {
            // Small modules and blur: find the patterns on luminance profiles instead. Blur merges a
            // symbol's thin rows and leaves its start and stop patterns and codeword columns as bars, which
            // the candidate map marks as linear: the probe looks at those blocks only (on a photo without
            // a symbol the matrix blocks are most of the frame), and reads around what it met as before.
            let profileLines = PDF417Detector.Lines.every(Self.profileProbeStep, width: w, height: h)
            let bars = PDF417Detector.Spans(
                CandidateMask(frame, options: options, linear: true, matrix: false, margin: Self.searchMargin))
            let probe = PDF417Detector.hits(frame.image, lines: profileLines, spans: bars)
            if !probe.isEmpty {
                let hits = PDF417Detector.hits(
                    frame.image, lines: lines(probe, step: Self.profileProbeStep), spans: spans)
                results = decode(hits: hits, frame: frame, options: options)
            }
        }
        return PassOutcome(symbols: results, unresolved: nil)
    }

    func step(_ frame: FrameContext, _ options: DecodeOptions) -> Int {
        options.tryHarder || max(frame.width, frame.height) < 800 ? 1 : 2
    }

    /// Every symbol whose start (and stop) patterns are among `hits`, read from `frame.image`.
    ///
    /// A read depends on the image and its edge lines alone, and the passes over one frame (both
    /// binarizers, and the profile probe) often find the same edge lines: each read is done once per frame
    /// (``FrameContext/memoized(_:_:)``).
    func decode(hits: [PDF417PatternHit], frame: FrameContext, options: DecodeOptions, known: [Barcode] = [])
        -> [Barcode]
    {
        let image = frame.image
        let step = options.tryHarder || max(image.width, image.height) < 800 ? 1 : 2
        let edges = PDF417Detector.edges(hits, step: step)
        let reader = PDF417SymbolReader(image: image)
        func read(_ s: PDF417EdgeLine?, _ t: PDF417EdgeLine?, compact: Bool) -> PDF417Symbol? {
            frame.memoized(ReadKey(start: s, stop: t, compact: compact)) {
                if let s { return reader.read(start: s, stop: t, compact: compact) }
                return t.flatMap { reader.read(stopOnly: $0) }
            }
        }
        var results = known
        var found: [Barcode] = []
        var attempts = 0
        for (s, t) in PDF417Detector.candidates(edges) {
            if results.contains(where: { Self.contains($0.cornerPoints, s.centre) }) { continue }
            if let t, results.contains(where: { Self.contains($0.cornerPoints, t.centre) }) { continue }
            attempts += 1
            if attempts > 40 { break }
            var symbol: PDF417Symbol?
            if let t {
                symbol = read(s, t, compact: false)
            } else {
                symbol = read(s, nil, compact: true) ?? read(s, nil, compact: false)
            }
            guard let sym = symbol, let b = barcode(sym) else { continue }
            results.append(b)
            found.append(b)
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { return found }
        }
        // Stop edges with no start edge across from them: symbols whose start pattern is cut off.
        for t in PDF417Detector.unpairedStops(edges) {
            if results.contains(where: { Self.contains($0.cornerPoints, t.centre) }) { continue }
            attempts += 1
            if attempts > 40 { break }
            guard let sym = read(nil, t, compact: false), let b = barcode(sym) else { continue }
            results.append(b)
            found.append(b)
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
        }
        return found
    }

    /// One read of ``PDF417SymbolReader`` in a frame's memo: its start and stop edge lines (a start edge
    /// alone, or a stop edge alone for a symbol whose start pattern is cut off) and whether it is compact.
    struct ReadKey: Hashable, Sendable {
        var start: PDF417EdgeLine?
        var stop: PDF417EdgeLine?
        var compact: Bool
    }

    /// True when `p` lies inside the quadrilateral (either winding), grown slightly (by a tenth about its
    /// centroid).
    static func contains(_ quad: [Point], _ p: Point) -> Bool {
        guard quad.count == 4 else { return false }
        let c = quad.reduce(Point(0, 0), +) * 0.25
        return Quadrilateral.contains(quad.map { c + ($0 - c) * 1.1 }, p)
    }

    func barcode(_ s: PDF417Symbol) -> Barcode? {
        let length = s.codewords[0]
        let k = PDF417ErrorCorrection.checkCount(level: s.level)
        guard length >= 1, length <= s.codewords.count - k else { return nil }
        guard let content = try? PDF417DecodedBitStreamParser.decode(Array(s.codewords[1..<length])) else {
            return nil
        }
        let c = s.corners
        let tl = c[0], tr = c[1], bl = c[3]
        let cross = (tr.x - tl.x) * (bl.y - tl.y) - (tr.y - tl.y) * (bl.x - tl.x)
        var metadata = [
            "rows": String(s.rows), "columns": String(s.columns), "corrections": String(s.corrections),
            "erasures": String(s.erasures),
        ]
        if s.compact { metadata["compact"] = "true" }
        return Barcode(
            format: .pdf417, content: content, cornerPoints: c, isMirrored: cross < 0,
            errorCorrectionLevel: String(s.level), metadata: metadata)
    }
}
