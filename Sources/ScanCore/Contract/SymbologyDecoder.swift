/// The plugin contract: everything a symbology family implements.
///
/// A plugin is a `Sendable` value with no mutable global state, safe to call on several frames at once.
/// It never throws for "no symbol": it returns what it found. A damaged symbol that fails its check
/// digits or error correction is not a result.
///
/// A plugin reads one pass over a frame per call: the frame it is given (the registry hands it the
/// negative or a downscaled copy for those passes) binarized by `options.binarizer`. Passes, retries and
/// the merging of what they find belong to ``DecoderRegistry``; a plugin says which passes help it
/// (``helpfulPasses``) and, through ``decodePass(_:pass:options:)``, where it saw something it could not read.
public protocol SymbologyDecoder: Sendable {
    /// A short name for listings (`ean-upc`, `qrcode`).
    var name: String { get }
    /// Formats this plugin can report (a plugin may serve a family, e.g. EAN-13, EAN-8, UPC-A, UPC-E).
    var formats: Set<BarcodeFormat> { get }
    /// What kind of symbol it reads: which candidate blocks of ``CandidateMap`` its symbols make, and so
    /// where the registry looks for symbols it may not have read yet. Default: `.matrix`.
    var kind: SymbologyKind { get }
    /// The passes beyond the first that can find symbols of this plugin the first missed. Default: all.
    var helpfulPasses: Set<DecodePass.Kind> { get }
    /// All symbols of the wanted formats (`options.wants(_:)`) in the frame, in one pass
    /// (`options.binarizer`); corner points in the pixels of `frame.image`.
    func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode]
    /// ``decode(_:options:)`` in the registry's `pass` (`frame` is already the pass's image, and
    /// `options.binarizer` its binarizer), and the places where it saw a symbol it could not read (see
    /// ``PassOutcome``). Default: ``decode(_:options:)`` with `unresolved` nil (the plugin does not say).
    func decodePass(_ frame: FrameContext, pass: DecodePass, options: DecodeOptions) -> PassOutcome
}

extension SymbologyDecoder {
    public var kind: SymbologyKind { .matrix }
    public var helpfulPasses: Set<DecodePass.Kind> { Set(DecodePass.Kind.allCases) }
    public func decodePass(_ frame: FrameContext, pass: DecodePass, options: DecodeOptions) -> PassOutcome {
        PassOutcome(symbols: decode(frame, options: options), unresolved: nil)
    }
}

/// What a plugin found in one pass over a frame.
public struct PassOutcome: Sendable {
    /// The symbols read (corner points in the pass's frame pixels).
    public var symbols: [Barcode]
    /// Outlines or points (corner points in the pass's frame pixels; one point for a place without an
    /// outline) where the pass saw a symbol of this plugin it could not read: a finder pattern, a start
    /// pattern or a grid that failed error correction. Another binarizer may read them. Nil: the plugin
    /// does not say (the registry then retries while the plugin has read nothing).
    public var unresolved: [[Point]]?

    public init(symbols: [Barcode], unresolved: [[Point]]?) {
        self.symbols = symbols
        self.unresolved = unresolved
    }
}

/// The kind of symbol a plugin reads, as far as finding it in a frame goes.
public enum SymbologyKind: String, Sendable, CaseIterable {
    /// Bars and spaces read along scan lines (EAN/UPC, Code 128, …): linear candidate blocks.
    case linear
    /// Rows of linear codewords stacked (PDF417): linear and matrix candidate blocks.
    case stacked
    /// Two-dimensional grids of modules (QR Code, Data Matrix, Aztec): matrix candidate blocks.
    case matrix
}

/// A linear (1D) plugin: the symbology's own rules in a ``LinearRowDecoder``; ``LinearScanner`` reads the
/// frame's scan lines once for every linear plugin the registry runs, so a linear plugin never scans a
/// frame itself.
public protocol LinearSymbologyDecoder: SymbologyDecoder {
    associatedtype RowDecoder: LinearRowDecoder
    /// The per-line decoder the scan-line engine drives.
    var rowDecoder: RowDecoder { get }
    /// The symbols the engine read with ``rowDecoder`` in `frame`, after the symbology's own checks across
    /// lines (e.g. a quiet-zone check beside the symbol). Default: `found` unchanged.
    func refine(_ found: [Barcode], frame: FrameContext, options: DecodeOptions) -> [Barcode]
}

extension LinearSymbologyDecoder {
    public var kind: SymbologyKind { .linear }
    /// The negative (light-on-dark symbols) and downscaled copies (symbols blurred far beyond their
    /// modules, which the mean of the lines along the bars reads at a smaller scale, with try-harder); not
    /// the second binarizer: the engine reads every line source of the frame in one pass.
    public var helpfulPasses: Set<DecodePass.Kind> { [.inverted, .downscaled] }

    public func refine(_ found: [Barcode], frame: FrameContext, options: DecodeOptions) -> [Barcode] { found }

    /// The symbols of this plugin alone (what the registry does for all linear plugins at once).
    public func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        guard formats.contains(where: options.wants) else { return [] }
        return refine(
            LinearScanner.scan(frame, options: options, decoder: rowDecoder), frame: frame,
            options: options)
    }
}
