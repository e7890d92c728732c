/// A symbol found on one scan line, as a row decoder reports it.
public struct LinearMatch: Sendable, Equatable {
    public var format: BarcodeFormat
    /// The decoded text (digits for numeric symbologies).
    public var text: String
    /// The payload bytes; default: the text's UTF-8 bytes.
    public var rawBytes: [UInt8]
    /// Text for people, when it differs from `text`.
    public var displayValue: String?
    /// ISO/IEC 15424 symbology identifier.
    public var symbologyIdentifier: String
    /// Position along the line (pixels) of the symbol's first bar's leading edge.
    public var start: Int
    /// Position along the line (pixels) just after the symbol's last bar (or add-on).
    public var end: Int
    /// Symbology-specific facts (copied into ``Barcode/metadata``).
    public var metadata: [String: String]
    /// How many of the last characters of `text` are a supplement (an EAN/UPC add-on) rather than the
    /// main symbol; 0 without one. Reads of one main symbol with different supplements or none are no
    /// rival values to ``LinearScanner``: the plugin checks its supplements itself.
    public var supplementLength: Int
    /// True when a part of a longer symbol that the decoder also reads can give this value, so that a
    /// line leaving that symbol's bars early, or damage across the rest, reads it there: the left half of
    /// an EAN-13 whose first digit is 1–9, with the centre guard and the right half's first bar, is module
    /// for module a UPC-E of number system 1 (the same start guard and number sets; first digit d's parity
    /// pattern is that of such a UPC-E with check digit d; ISO/IEC 15420). ``LinearScanner``
    /// keeps such a value from its line families only where the consensus of the symbol's lines along its
    /// bars reads it too (``LinearScanner/Consensus``); a `pure` image forms no consensus, and the mean of
    /// the lines along the bars (``LinearScanner/MeanProfile``) is that evidence itself. Default: false.
    public var mayBePartOfLongerSymbol: Bool
    /// True when a check character (or check digit) of the symbol confirmed the value. Without one (ITF,
    /// ISO/IEC 16390, and Codabar, EN 798, define none; Code 39's modulo-43 check character is optional,
    /// ISO/IEC 16388 check character clause), a character changed by damage, or a
    /// symbol cut short by a bright band, reads as a valid value: ``LinearScanner`` then keeps a value
    /// that the consensus along its bars forms but does not read
    /// (``LinearScanner/Verdict/unread(barLines:medianReads:washed:)``, neither by the lines' vote nor by their
    /// median) only when the value's own lines span at least half of the lines its bars cross.
    /// Default: true.
    public var checkedByCheckCharacter: Bool
    /// `text` without its supplement.
    public var main: Substring { text.dropLast(supplementLength) }

    public init(
        format: BarcodeFormat, text: String, rawBytes: [UInt8]? = nil, displayValue: String? = nil,
        symbologyIdentifier: String, start: Int, end: Int, metadata: [String: String] = [:],
        supplementLength: Int = 0, mayBePartOfLongerSymbol: Bool = false, checkedByCheckCharacter: Bool = true
    ) {
        self.format = format
        self.text = text
        self.rawBytes = rawBytes ?? Array(text.utf8)
        self.displayValue = displayValue
        self.symbologyIdentifier = symbologyIdentifier
        self.start = start
        self.end = end
        self.metadata = metadata
        self.supplementLength = supplementLength
        self.mayBePartOfLongerSymbol = mayBePartOfLongerSymbol
        self.checkedByCheckCharacter = checkedByCheckCharacter
    }
}

/// What a linear symbology implements: decoding of one scan line read left to right.
/// ``LinearScanner`` does the rest (choosing lines, both directions, 90°, agreement between lines,
/// corner points), so a row decoder handles one direction only. It tries the runs of
/// ``ScanLine/symbolStarts(pure:)`` as a symbol's first bar and applies its own start and stop patterns,
/// character tables, check characters and quiet-zone rules.
public protocol LinearRowDecoder: Sendable {
    /// All symbols found along `line` (reading direction: increasing positions).
    func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch]
    /// True when a line that gave nothing should be read again without its one-pixel specks
    /// (``ScanLine/withoutSpecks()``): for symbologies whose checks make that safe. Default: false.
    var readsWithoutSpecks: Bool { get }
    /// True when the symbology's start and stop patterns also occur inside its symbols and it has no
    /// check character, so that the bars between two bright bands across a symbol (glare, a cut, a
    /// light occlusion) can read as a whole, shorter symbol: ITF (ISO/IEC 16390). ``LinearScanner`` then
    /// refuses a read when most of the lines along its bars see a bar in its quiet zone where its own line
    /// sees light (the consensus along the bars, `barBeyond`). Default: false.
    var startAndStopOccurInside: Bool { get }
    /// The fewest elements (bars and spaces, quiet zones not counted) of the shortest symbol the decoder
    /// reports. A scan line samples each pixel along it once and every element holds at least one
    /// sample, so a line (or the stretch of one that is read) shorter than this many pixels holds no
    /// symbol of the decoder, and ``LinearScanner`` does not read it when it is shorter than every
    /// wanted decoder's minimum. Likewise each element is a run of the line, with a light run on either
    /// side: the engine does not hand the decoder a line with fewer than this many runs plus two.
    /// Default: 1 (no line is too short).
    var minimumElements: Int { get }
}

extension LinearRowDecoder {
    public var readsWithoutSpecks: Bool { false }
    public var startAndStopOccurInside: Bool { false }
    public var minimumElements: Int { 1 }
}

extension ScanLine {
    /// The symbols of this line, in order, for a row decoder whose symbols start at a dark run of
    /// ``symbolStarts(pure:)``: `read(i)` is tried at each such run `i` with at least `runsAfter` runs
    /// after it, and gives the symbol whose first bar is run `i` (nil when one was read but is not to be
    /// reported, as Code 128 reader programming) and the run where the search goes on (past the symbol's
    /// last bar), or nil when no symbol starts there. Runs before the search's position are not tried.
    @inlinable
    public func readSymbols(
        pure: Bool, runsAfter: Int, _ read: (Int) -> (match: LinearMatch?, next: Int)?
    ) -> [LinearMatch] {
        var out: [LinearMatch] = []
        var next = 1
        for i in symbolStarts(pure: pure) where i >= next && i + runsAfter < count {
            if let symbol = read(i) {
                if let match = symbol.match { out.append(match) }
                next = symbol.next
            }
        }
        return out
    }

    /// ``isQuietZone(_:atLeast:)`` for a symbology whose start and stop patterns occur nowhere inside its
    /// symbols, so that a symbol cut by the border cannot read as another; in a `pure` image (one symbol,
    /// perhaps without quiet zones) any light run of the line is one.
    @inlinable
    public func isQuietZone(_ run: Int, atLeast width: Double, pure: Bool) -> Bool {
        pure ? run >= 0 && run < count : isQuietZone(run, atLeast: width)
    }
}
