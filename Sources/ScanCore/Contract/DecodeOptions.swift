/// Every knob of decoding, one line each with its default. ``declarations`` gives each (but `formats`) its
/// session key (the name in snake_case: `try_harder`), command-line flag (`--try-harder`), range and one-line
/// doc; a new option here needs one entry there (a test checks that every field is declared).
public struct DecodeOptions: Sendable, Equatable {
    /// Formats wanted; empty means every format the registry has. Default: empty.
    public var formats: Set<BarcodeFormat> = []
    /// Spend more time: more scan lines, the second binarizer, smaller symbols. Default: true.
    public var tryHarder: Bool = true
    /// Also look at 90° (linear symbols along columns). Default: true.
    public var tryRotate: Bool = true
    /// Also look for light-on-dark symbols. Default: true.
    public var tryInvert: Bool = true
    /// Also look at downscaled copies: of large images everywhere (helps blurry or huge photos), of
    /// smaller ones where only the copy sees a matrix symbol (close-ups with modules over 16 px; see
    /// ``DecodePass/coarseOnly``). Default: true.
    public var tryDownscale: Bool = true
    /// Ignore the candidate map (``FrameContext/candidates``): linear symbologies scan every line in every
    /// direction and the registry always makes its retries. Slow; for stills where the default finds
    /// nothing. Default: false.
    public var searchWholeFrame: Bool = false
    /// Which binarizer matrix symbologies start from. Default: `.local`.
    public var binarizer: BinarizerKind = .local
    /// The image holds exactly one symbol, axis-aligned, possibly without a quiet zone. Default: false.
    public var pure: Bool = false
    /// Stop after this many symbols (0 = no limit). Default: 0.
    public var maxSymbols: Int = 0
    /// What to do with EAN-2/EAN-5 add-ons after EAN/UPC symbols. Default: `.read`.
    public var eanAddOn: EANAddOnPolicy = .read
    /// Minimum scan lines that must agree on a linear symbol before it is reported (1 or more).
    /// Default: 2, lowered to 1 automatically for images too short to hold two lines.
    public var minLineAgreement: Int = 2
    /// Fewest digits an ITF (Interleaved 2 of 5) symbol must hold to be reported; 2 or more (smaller values
    /// count as 2). Short ITF reads are easily found in other patterns, hence the default. Default: 6.
    public var itfMinLength: Int = 6
    /// Code 39 Full ASCII shift pairs (ISO/IEC 16388): off, on, or auto (when all pairs are valid). Default: `.auto`.
    public var code39FullASCII: FullASCIIMode = .auto
    /// The optional Code 39 mod-43 check character (ISO/IEC 16388). Default: `.ignore`.
    public var code39CheckCharacter: CheckCharacterPolicy = .ignore
    /// Fewest data characters (start/stop not counted) in a Codabar symbol; guards against false reads. Default: 3.
    public var codabarMinLength: Int = 3

    public init() {}

    /// True when `format` is wanted (an empty `formats` wants everything).
    public func wants(_ format: BarcodeFormat) -> Bool { formats.isEmpty || formats.contains(format) }
}

/// EAN-2 / EAN-5 add-on handling (GS1 General Specifications §5.2.2.4).
public enum EANAddOnPolicy: String, Sendable, CaseIterable, Codable {
    /// Do not look for add-ons; report the main symbol alone.
    case ignore
    /// Read an add-on when present; report the main symbol alone otherwise.
    case read
    /// Report only symbols that have an add-on.
    case require
}

/// The binarizer a plugin starts from (both are computed lazily by ``FrameContext``).
public enum BinarizerKind: String, Sendable, CaseIterable, Codable {
    /// Block-based local thresholds: robust to uneven light (``LocalBinarizer``).
    case local
    /// One threshold for the whole image from its histogram (``GlobalHistogramBinarizer``).
    case globalHistogram = "global_histogram"
}

/// Whether shift pairs of a symbology's Full ASCII extension are decoded (e.g. Code 39 `+A` → `a`).
public enum FullASCIIMode: String, Sendable, CaseIterable, Codable {
    /// Report the symbol characters as they are.
    case off
    /// Always decode shift pairs; a symbol with an invalid pair is not a result.
    case on
    /// Decode shift pairs when every one in the symbol is valid; otherwise report the characters as they are.
    case auto
}

/// What to do with an optional check character at the end of a symbol.
public enum CheckCharacterPolicy: String, Sendable, CaseIterable, Codable {
    /// No checking: the last character is data.
    case ignore
    /// The last character must be the check character; it stays in the value.
    case verify
    /// The last character must be the check character; it is removed from the value.
    case verifyAndStrip = "verify_and_strip"
}
