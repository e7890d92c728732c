/// One scan line handed to a linear (1D) symbology's row decoder.
///
/// `runs` are run lengths in pixels along the line in reading direction, alternating light and dark and
/// starting with light (`runs[0]` is 0 when the line starts dark); they add up to `length`.
/// `runStarts[i]` is the position of run i's leading edge along the line (pixels from the line's start;
/// `runStarts.count == runs.count + 1`, the last entry is `length`).
public struct ScanLine: Sendable {
    public let runs: [Int]
    public let runStarts: [Int]
    /// The run starts with sub-pixel precision when the line source measured edges that finely (same
    /// convention as `runStarts`), else nil. A row decoder may prefer these for widths.
    public let subpixelStarts: [Double]?
    /// Line length in pixels.
    public var length: Int { runStarts.last ?? 0 }

    /// Wraps run lengths in the convention above.
    public init(runs: [Int]) {
        self.init(runs: runs, subpixelStarts: nil)
    }

    /// Wraps run lengths and, optionally, their sub-pixel starts (`runs.count + 1` entries).
    public init(runs: [Int], subpixelStarts: [Double]?) {
        precondition(subpixelStarts == nil || subpixelStarts?.count == runs.count + 1)
        self.runs = runs
        var starts = [Int](repeating: 0, count: runs.count + 1)
        for i in 0..<runs.count { starts[i + 1] = starts[i] + runs[i] }
        self.runStarts = starts
        self.subpixelStarts = subpixelStarts
    }

    /// The same line in the photographic negative: every light run dark and every dark run light, so the
    /// runs shift by one place (still starting with a light run, which is empty when the line now starts
    /// dark).
    public func inverted() -> ScanLine {
        if runs.count > 1 && runs[0] == 0 {
            return ScanLine(runs: Array(runs.dropFirst()), subpixelStarts: subpixelStarts.map { Array($0.dropFirst()) })
        }
        return ScanLine(runs: [0] + runs, subpixelStarts: subpixelStarts.map { [$0[0]] + $0 })
    }

    /// The same line read in the other direction (still starting with a light run).
    public func reversed() -> ScanLine {
        var r = Array(runs.reversed())
        var sub = subpixelStarts.map { s in s.reversed().map { (s.last ?? 0) - $0 } }
        // Even indices are light, so an even count ends dark: reversed, it starts dark.
        if runs.count % 2 == 0 {
            r.insert(0, at: 0)
            sub?.insert(0, at: 0)
        }
        if r.count > 1 && r.last == 0 {  // the original started dark: drop the empty light run at the end
            r.removeLast()
            sub?.removeLast()
        }
        return ScanLine(runs: r, subpixelStarts: sub)
    }
}

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

    public init(
        format: BarcodeFormat, text: String, rawBytes: [UInt8]? = nil, displayValue: String? = nil,
        symbologyIdentifier: String, start: Int, end: Int, metadata: [String: String] = [:]
    ) {
        self.format = format
        self.text = text
        self.rawBytes = rawBytes ?? Array(text.utf8)
        self.displayValue = displayValue
        self.symbologyIdentifier = symbologyIdentifier
        self.start = start
        self.end = end
        self.metadata = metadata
    }
}

/// What a linear symbology implements: decoding of one scan line read left to right.
/// ``LinearScanner`` does the rest (choosing lines, both directions, 90°, agreement between lines,
/// corner points), so a row decoder handles one direction only.
public protocol LinearRowDecoder: Sendable {
    /// All symbols found along `line` (reading direction: increasing positions).
    func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch]
}
