import ScanCore

/// Decodes Code 39 symbols along one scan line read left to right (ISO/IEC 16388).
///
/// A symbol is a start character `*`, data characters, a stop character `*`, each nine elements
/// separated by an inter-character gap, with quiet zones on both sides. Every dark run that reads as `*`
/// behind a quiet zone starts an attempt; characters are read until the next `*`. A read is accepted when
/// every character is in the table, the characters agree on one size (allowing slow change for
/// perspective), the gaps are short, the quiet zones are long enough, and the check-character and
/// Full ASCII options are satisfied. Read backwards a `*` is a `P`, so a symbol is found in one direction only.
public struct Code39RowDecoder: LinearRowDecoder {
    /// Light needed before and after the symbol, in narrow-element widths, when the light run lies inside
    /// the line. The standard asks for 10 X; 9 leaves room for measuring error. Less lets runs inside other
    /// symbols (2D and stacked codes, light-on-dark views) pass for Code 39, which has no mandatory check.
    public var quietZoneNarrows = 9.0
    /// Largest inter-character gap, in narrow-element widths (the standard allows up to 5.3 X at the
    /// smallest X; printed symbols use about 1 X).
    public var maxGapNarrows = 4.0
    /// Largest change of character width from one character to the next (perspective, not misreads).
    public var maxWidthChange = 0.3

    let reader = Code39CharacterReader()

    public init() {}

    /// Start, one data character and stop (9 each), with the two gaps between them.
    public var minimumElements: Int { 29 }

    public func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        let w = line.exactWidths
        return line.readSymbols(pure: options.pure, runsAfter: 9) { i in
            decodeSymbol(w, line: line, at: i, options: options).map { ($0.0, $0.1 + 2) }
        }
    }

    /// True when light run `run` beside the symbol is a quiet zone (``ScanLine/isQuietZone(_:atLeast:pure:)``:
    /// the start/stop characters occur nowhere else in a symbol).
    func quietZoneOK(_ line: ScanLine, run: Int, narrow: Double, pure: Bool) -> Bool {
        line.isQuietZone(run, atLeast: quietZoneNarrows * narrow, pure: pure)
    }

    /// The symbol whose start character begins at dark run `i`, with the index of its last bar.
    func decodeSymbol(_ w: [Double], line: ScanLine, at i: Int, options: DecodeOptions) -> (LinearMatch, Int)? {
        // Cheap test first: the quiet zone must be long enough for the narrowest element a start character
        // this wide can have (6 narrow + 3 wide at the widest accepted ratio 4.5: width / 19.5).
        let startWidth = Double(line.runStarts[i + 9] - line.runStarts[i])
        guard quietZoneOK(line, run: i - 1, narrow: startWidth / 20, pure: options.pure) else { return nil }
        guard let start = reader.read(w, at: i), start.index == Code39Patterns.startStop else { return nil }
        guard quietZoneOK(line, run: i - 1, narrow: start.narrow, pure: options.pure) else { return nil }
        var characters: [Character] = []
        var previousWidth = startWidth
        var narrowSum = start.narrow
        var count = 1.0
        var j = i + 10
        while j + 9 <= w.count {
            let gap = w[j - 1]
            guard gap <= maxGapNarrows * narrowSum / count else { return nil }
            guard let c = reader.read(w, at: j) else { return nil }
            let width = Double(line.runStarts[j + 9] - line.runStarts[j])
            guard abs(width - previousWidth) <= maxWidthChange * previousWidth else { return nil }
            previousWidth = width
            narrowSum += c.narrow
            count += 1
            if c.index == Code39Patterns.startStop {
                let after = j + 9
                guard !characters.isEmpty else { return nil }
                guard quietZoneOK(line, run: after, narrow: narrowSum / count, pure: options.pure) else { return nil }
                guard
                    let match = makeMatch(
                        characters, options: options, start: line.runStarts[i],
                        end: line.runStarts[after])
                else { return nil }
                return (match, j + 8)
            }
            characters.append(Code39Patterns.characters[c.index])
            j += 10
        }
        return nil
    }

    /// Applies the check-character and Full ASCII options to the data characters.
    func makeMatch(_ characters: [Character], options: DecodeOptions, start: Int, end: Int) -> LinearMatch? {
        // A Code 32 value, when Code 32 is asked for by name (see Code32; its own check digit, no mod-43
        // check character, no Full ASCII).
        if options.formats.contains(.code32), let value = Code32.value(of: characters) {
            return LinearMatch(
                format: .code32, text: value, symbologyIdentifier: "]A0", start: start, end: end,
                metadata: ["code39": String(characters)])
        }
        var data = characters
        var check: Character?
        var modifier = 0
        switch options.code39CheckCharacter {
        case .ignore:
            break
        case .verify, .verifyAndStrip:
            guard Code39CheckCharacter.isValid(characters) else { return nil }
            check = data.removeLast()
            modifier = options.code39CheckCharacter == .verify ? 1 : 3
        }
        guard !data.isEmpty else { return nil }
        var bytes: [UInt8]
        var fullASCII = false
        switch options.code39FullASCII {
        case .off:
            bytes = data.compactMap(\.asciiValue)
        case .on:
            guard let b = Code39FullASCII.expand(data) else { return nil }
            bytes = b
            fullASCII = true
        case .auto:
            if data.contains(where: Code39FullASCII.isShift), let b = Code39FullASCII.expand(data) {
                bytes = b
                fullASCII = true
            } else {
                bytes = data.compactMap(\.asciiValue)
            }
        }
        if fullASCII { modifier += 4 }
        var metadata: [String: String] = [:]
        if let check {
            metadata["check"] = String(check)
            if options.code39CheckCharacter == .verify, let a = check.asciiValue { bytes.append(a) }
        }
        if fullASCII { metadata["full_ascii"] = "true" }
        let text = String(decoding: bytes, as: UTF8.self)
        return LinearMatch(
            format: .code39, text: text, rawBytes: bytes, symbologyIdentifier: "]A\(modifier)",
            start: start, end: end, metadata: metadata, checkedByCheckCharacter: check != nil)
    }
}
