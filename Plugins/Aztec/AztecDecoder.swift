import Foundation
import ScanCore

/// The Aztec Code plugin: compact (1–4 layers), full-range (1–32 layers) and runes (ISO/IEC 24778:2008).
///
/// ```swift
/// let codes = AztecDecoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue              // "Code 2D!"
/// codes.first?.metadata["layers"]    // "1"
/// ```
///
/// Results: `rawBytes` are the payload bytes (see ``AztecDecodedBitStreamParser``; a rune's are its value
/// as three decimal digits, "025"), `rawValue` the text, `errorCorrectionLevel` the share of check codewords in the
/// symbol ("23%"), `metadata` `layers`, `compact` ("true"/"false"), `data_codewords`, `corrections`,
/// and `reader_initialisation` for reader-initialisation symbols (with `eci` and `application_indicator`
/// where the data has them); `cornerPoints` are the outer corners of the
/// symbol, clockwise on the symbol from its top-left (so a mirrored symbol's run counter-clockwise in the
/// image). Symbology identifier `]z0`…`]zC` (ISO/IEC 24778, ISO/IEC 15424). A structured-append member carries
/// `structuredAppend` (index from 0, count, message id).
public struct AztecDecoder: SymbologyDecoder {
    public let name = "aztec"
    public let formats: Set<BarcodeFormat> = [.aztec]

    /// Blocks (16 pixels) searched around each candidate block of the frame's ``CandidateMap`` (matrix or
    /// linear: strong perspective stretches modules into parallel edges):
    /// the bull's-eye is at the symbol's centre, inside the modules that make the candidate blocks.
    public static let searchMargin = 4

    public init() {}

    public func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        decodePass(frame, pass: DecodePass(kind: nil, binarizer: options.binarizer), options: options).symbols
    }

    /// One pass over `frame` binarized by `options.binarizer`. Its unresolved places are the bull's-eyes
    /// it found but could not read.
    public func decodePass(_ frame: FrameContext, pass: DecodePass, options: DecodeOptions) -> PassOutcome {
        guard options.wants(.aztec) else { return PassOutcome(symbols: [], unresolved: []) }
        let mask = CandidateMask(frame, options: options, linear: true, matrix: true, margin: Self.searchMargin)
        if mask.isEmpty { return PassOutcome(symbols: [], unresolved: []) }
        let found = scan(
            frame.binarized(options.binarizer), image: frame.image, options: options, mask: mask,
            skipping: frame.readOutlines)
        return PassOutcome(symbols: found.results, unresolved: found.unresolved.map { [$0] })
    }

    /// Every symbol found in a binarized image; `image`, when given, is its luminance, sampled as well
    /// when the binarized modules fail (blur thins isolated modules in a bit matrix).
    public func decode(_ matrix: BitMatrix, image: LuminanceImage? = nil, options: DecodeOptions) -> [Barcode] {
        scan(matrix, image: image, options: options).results
    }

    /// The symbols read, and the centres of the bull's-eyes that did not read. Bull's-eyes centred inside
    /// `readOutlines` (symbols read before, pixels of `matrix`) are not read again.
    func scan(
        _ matrix: BitMatrix, image: LuminanceImage?, options: DecodeOptions, mask: CandidateMask? = nil,
        skipping readOutlines: [[Point]] = []
    ) -> (results: [Barcode], unresolved: [Point]) {
        var results: [Barcode] = []
        var unresolved: [Point] = []
        let detections = AztecDetector.detect(
            matrix, rowStep: options.tryHarder ? 1 : 2, mask: mask, skipping: readOutlines)
        for d in detections {
            if results.contains(where: { Quadrilateral.contains($0.cornerPoints, d.transform.apply(Point(0, 0))) }) {
                continue
            }
            let attempt = decode(matrix, image: image, detection: d)
            if let b = attempt.barcode {
                results.append(b)
            } else {
                unresolved.append(d.transform.apply(Point(0, 0)))
            }
            if options.maxSymbols > 0 && results.count >= options.maxSymbols { break }
        }
        return (results, unresolved)
    }

    /// A decoded symbol and how easily a wrong sampling could have produced it
    /// (``AztecDataCodewords/Result/randomAcceptanceLog10(size:dataCodewords:)``; −∞ for a rune, which
    /// has its own rule).
    struct Read {
        var barcode: Barcode
        var randomAcceptanceLog10: Double
    }

    /// A read this unlikely to come from a wrong sampling ends the search at once: no geometry candidate
    /// could give a more credible one (a clean read of a symbol with 4 check codewords of 6 bits scores
    /// −7.2).
    static let sureRead = -7.0
    /// The most credible read of a bull's-eye is still refused above this score (more than one random
    /// block in 100 would pass as it did): a symbol read this way cannot be told from a wrong grid.
    static let credibleRead = -2.0

    /// Decodes one detected bull's-eye: orientation, mode message, layers, codewords, bit stream.
    ///
    /// Every reading of the mode message and geometry candidate is tried until one gives a sure read
    /// (``sureRead``); otherwise the most credible read found wins, when it is credible at all
    /// (``credibleRead``). A symbol sampled on a slightly wrong grid can still pass Reed–Solomon with
    /// most of the check codewords spent, while the right grid reads it with few corrections.
    func decode(_ matrix: BitMatrix, image: LuminanceImage?, detection: AztecDetection)
        -> (barcode: Barcode?, sawModeMessage: Bool)
    {
        var best: Read?
        /// Keeps `read` if it is the most credible so far; true when it is sure.
        func consider(_ read: Read?) -> Bool {
            guard let read else { return false }
            if best.map({ read.randomAcceptanceLog10 < $0.randomAcceptanceLog10 }) ?? true { best = read }
            return read.randomAcceptanceLog10 <= Self.sureRead
        }
        func result() -> Barcode? {
            best.flatMap { $0.randomAcceptanceLog10 <= Self.credibleRead ? $0.barcode : nil }
        }
        var sawModeMessage = false
        var kinds = [detection]
        var other = detection
        other.compact.toggle()
        kinds.append(other)
        var tried = Set<String>()
        for d in kinds {
            // The mode ring read from the bit matrix, then from luminance (blur).
            var readers = [AztecModuleReader.bits(matrix, d.transform)]
            if let image, let r = AztecModuleReader.luminance(image, d.transform, compact: d.compact) {
                readers.append(r)
            }
            let readings = readers.flatMap { r in AztecDetector.orientations(r, compact: d.compact).map { (r, $0) } }
            for (reader, o) in readings {
                let bits = AztecDetector.modeMessageBits(reader, compact: d.compact, o)
                guard let mode = AztecModeMessage.decode(bits, compact: d.compact) else { continue }
                // A rune is nothing but its 28-bit mode message, and one in a few hundred random patterns
                // decodes with two corrections: only a clean reading counts.
                if mode.runeValue != nil,
                    mode.corrections > 0 || AztecDetector.orientationErrors(reader, compact: true, o) > 0
                {
                    continue
                }
                // The same reading twice (both readers agree) needs no second attempt.
                let key =
                    "\(d.compact) \(o.mirrored) \(o.rotation) \(mode.layers) \(mode.dataCodewords) "
                    + "\(mode.runeValue ?? -1)"
                if !tried.insert(key).inserted { continue }
                sawModeMessage = true
                // Geometry candidates, best first: refitted on the reference grid (large full-range
                // symbols), the core's perspective, the jointly fitted square, the core's affine part.
                let core = AztecDetector.canonicalTransform(d, o)
                var candidates = [core, AztecDetector.canonicalTransform(d.affine, o)]
                if let similarity = d.similarity {
                    var s = d
                    s.transform = similarity
                    candidates.insert(AztecDetector.canonicalTransform(s, o), at: 1)
                }
                if mode.runeValue != nil { candidates = [core] }
                if !mode.compact, mode.layers >= 5 {
                    let n = AztecLayers(compact: false, layers: mode.layers).dimension
                    if let refined = AztecReferenceGrid.refine(matrix, canonical: core, dimension: n) {
                        candidates.insert(refined, at: 0)
                    }
                }
                let n = AztecLayers(compact: mode.compact, layers: mode.layers).dimension
                for t in candidates {
                    let grid = AztecDetector.sampleGrid(
                        matrix, AztecDetector.gridTransform(t, dimension: n), dimension: n)
                    if consider(decode(grid, canonical: t, mirrored: o.mirrored, mode: mode)) {
                        return (result(), true)
                    }
                }
                // Then the luminance at module centres (blur thins isolated modules in a bit matrix).
                if let image, mode.runeValue == nil {
                    for t in candidates {
                        let grid = AztecDetector.sampleGrid(image, canonical: t, dimension: n, compact: mode.compact)
                        if consider(decode(grid, canonical: t, mirrored: o.mirrored, mode: mode)) {
                            return (result(), true)
                        }
                    }
                }
            }
        }
        return (result(), sawModeMessage)
    }

    /// Decodes sampled modules (`grid`, upright; unused for a rune).
    func decode(_ grid: BitMatrix?, canonical: PerspectiveTransform, mirrored: Bool, mode: AztecModeMessage)
        -> Read?
    {
        let size = AztecLayers(compact: mode.compact, layers: mode.layers)
        let n = size.dimension
        let transform = AztecDetector.gridTransform(canonical, dimension: n)
        let corners = [Point(0, 0), Point(Double(n), 0), Point(Double(n), Double(n)), Point(0, Double(n))]
            .map(transform.apply)
        if let rune = mode.runeValue {
            let text = String(format: "%03d", rune)
            var content = DecodedContent()
            content.text = text
            content.bytes = Array(text.utf8)
            content.symbologyIdentifier = "]zC"
            let b = Barcode(
                format: .aztec, content: content, cornerPoints: corners, isMirrored: mirrored,
                metadata: ["layers": "0", "compact": "true", "rune": "true"])
            return Read(barcode: b, randomAcceptanceLog10: -.infinity)
        }
        // Too few check codewords cannot tell a symbol from a random pattern whose mode message happened
        // to decode (the standard asks for at least three more than 5 %); demand more when the mode message
        // itself needed correcting.
        let checkWords = size.codewordCount - mode.dataCodewords
        guard checkWords >= (mode.corrections > 0 ? 4 : 2), let grid
        else { return nil }
        let layerBits = AztecBitMatrixParser.layerBits(grid, size: size)
        guard let data = AztecDataCodewords.correct(layerBits, size: size, dataCodewords: mode.dataCodewords)
        else { return nil }
        let acceptance = data.randomAcceptanceLog10(size: size, dataCodewords: mode.dataCodewords)
        guard var content = AztecDecodedBitStreamParser.parse(data.bits, codewordSize: size.codewordSize)
        else { return nil }
        content.readerInitialisation = mode.readerInitialisation
        let ec = size.codewordCount - mode.dataCodewords
        let share = Int((Double(ec) * 100 / Double(size.codewordCount)).rounded())
        let metadata = [
            "layers": String(mode.layers), "compact": String(mode.compact),
            "data_codewords": String(mode.dataCodewords), "corrections": String(data.corrections + mode.corrections),
        ]
        let b = Barcode(
            format: .aztec, content: content, cornerPoints: corners, isMirrored: mirrored,
            errorCorrectionLevel: "\(share)%", metadata: metadata)
        return Read(barcode: b, randomAcceptanceLog10: acceptance)
    }
}
