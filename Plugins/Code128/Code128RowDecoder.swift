import ScanCore

/// Decodes Code 128 symbols (including GS1-128) along one scan line, read left to right
/// (ISO/IEC 15417:2007). ``LinearScanner`` calls it on many lines, in both directions.
///
/// Every dark run that reads as a start character after a light quiet zone starts a symbol. Characters
/// are read six runs at a time (``Code128CharacterReader``) until the stop character; the symbol is
/// accepted when the stop's final bar and the trailing quiet zone are there, the character widths agree
/// with one another, and the check character (modulo 103, §4.4.2) is right.
public struct Code128RowDecoder: LinearRowDecoder {
    /// Light needed before and after a symbol, in modules, when the light run lies inside the line.
    /// The standard asks for 10 (§4.3.5); photos often crop them, and no space inside a symbol is wider
    /// than 4 modules, so 5 still tells a symbol's edge from its inside. The image border is a quiet zone
    /// of any width (``ScanLine/isQuietZone(_:atLeast:)``): the start and stop characters occur nowhere
    /// inside a symbol and the check character covers the rest, so a symbol cut by the border does not
    /// read as another.
    public var quietZoneModules = 5.0
    /// Largest ratio between the widths of neighbouring characters (perspective changes them slowly).
    public var characterWidthRatio = 1.35

    let reader = Code128CharacterReader()

    public init() {}

    /// Start, one data character and the check character (6 each), and the stop with its final bar (7).
    public var minimumElements: Int { 25 }

    /// Salt-and-pepper noise splits bars and spaces with one-pixel runs: a line that gave nothing is read
    /// again without them (``ScanLine/withoutSpecks()``).
    public var readsWithoutSpecks: Bool { true }

    public func decodeRow(_ runs: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        // A symbol is at least start, check and stop: 6 + 6 + 7 runs.
        runs.readSymbols(pure: options.pure, runsAfter: 18) { i in
            decodeSymbol(runs, at: i, options: options).map { ($0.0, $0.1 + 2) }
        }
    }

    /// The symbol whose start character begins at run `i`; `match` is nil for a symbol that is read but
    /// not reported (reader programming). `lastRun` is the stop's final bar.
    func decodeSymbol(_ r: ScanLine, at i: Int, options: DecodeOptions) -> (LinearMatch?, Int)? {
        // The quiet zone first (the start character is 11 modules wide): cheap, and rejects most runs.
        let qz = options.pure ? 0 : quietZoneModules
        guard i + 6 < r.count, r.isQuietZone(i - 1, atLeast: qz * r.span(i, 6) / 11) else { return nil }
        guard let start = reader.readStart(r, at: i) else { return nil }
        var values = [start.value]
        var previousWidth = start.width
        var j = i + 6
        while true {
            guard let c = reader.read(r, at: j) else { return nil }
            let ratio = c.width / previousWidth
            guard ratio < characterWidthRatio, ratio > 1 / characterWidthRatio else { return nil }
            if c.value == Code128Patterns.stop { break }
            guard c.value < Code128Patterns.startA else { return nil }
            values.append(c.value)
            previousWidth = c.width
            j += 6
        }
        // The stop character: its final bar (2 modules) and the quiet zone after it.
        let stop = j, finalBar = j + 6, trailing = j + 7
        guard trailing < r.count else { return nil }
        let module = r.span(stop, 6) / 11
        let bar = r.widths[finalBar] / module
        guard bar > 1.0, bar < 3.6 else { return nil }
        guard r.isQuietZone(trailing, atLeast: qz * module) else { return nil }
        // Start, at least one data character, check character.
        guard values.count >= 3, let check = values.last else { return nil }
        let data = values.dropLast()
        var sum = data[0]
        for (k, v) in data.enumerated().dropFirst() { sum += k * v }
        guard sum % 103 == check else { return nil }
        guard let message = Code128CodeSets.interpret(Array(data)) else { return nil }
        guard !message.readerProgramming else { return (nil, finalBar) }
        return (makeMatch(message, start: r.runStarts[i], end: r.runStarts[trailing]), finalBar)
    }

    func makeMatch(_ m: Code128CodeSets.Message, start: Int, end: Int) -> LinearMatch {
        // ISO/IEC 8859-1: every byte is the Unicode scalar of the same number.
        let text = String(String.UnicodeScalarView(m.bytes.map { Unicode.Scalar($0) }))
        var metadata: [String: String] = [:]
        if m.symbologyIdentifier == "]C1" { metadata["gs1"] = "true" }
        if m.messageAppend { metadata["message_append"] = "true" }
        return LinearMatch(
            format: .code128, text: text, rawBytes: m.bytes, symbologyIdentifier: m.symbologyIdentifier,
            start: start, end: end, metadata: metadata)
    }
}
