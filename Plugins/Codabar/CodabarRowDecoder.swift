import ScanCore

/// Decodes Codabar symbols along one scan line read left to right (ANSI/AIM BC3 / EN 798).
///
/// A symbol is a start character (`A`–`D`), data characters (`0`–`9`, `-$:/.+`), a stop character
/// (`A`–`D`), separated by inter-character gaps, with quiet zones on both sides. Every dark run that
/// reads as a start character behind a quiet zone starts an attempt; data is read until the next
/// start/stop character. A read is accepted when every character is in the table, the characters agree
/// on one narrow width (allowing slow change for perspective), the gaps are short, the quiet zones are
/// long enough, there are at least ``DecodeOptions/codabarMinLength`` data characters, and no data
/// character has the width of the other kind of character (``widthsFitTheirKinds(_:)``). Read backwards
/// no start/stop character is a valid character, so a symbol is found in one direction only.
public struct CodabarRowDecoder: LinearRowDecoder {
    /// Light needed before and after the symbol, in narrow-element widths, when the light run lies inside
    /// the line. The standard asks for 10 X; 9 leaves room for measuring error. Less lets runs inside other
    /// symbols (2D and stacked codes, light-on-dark views) pass for Codabar, which has no check character.
    public var quietZoneNarrows = 9.0
    /// Largest inter-character gap, in narrow-element widths.
    public var maxGapNarrows = 4.0
    /// Largest change of the narrow width from one character to the next.
    public var maxNarrowChange = 0.4

    let reader = CodabarCharacterReader()

    public init() {}

    /// Start, one data character and stop (7 each), with the two gaps between them.
    public var minimumElements: Int { 23 }

    public func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        // Sub-pixel widths when the line source measured them: rounding every edge to a pixel costs a
        // 2:1 symbol with 3-pixel modules its narrow/wide separation on slanted lines.
        let w = line.exactWidths
        return line.readSymbols(pure: options.pure, runsAfter: 7) { i in
            decodeSymbol(w, line: line, at: i, options: options).map { ($0.0, $0.1 + 2) }
        }
    }

    /// True when light run `run` beside the symbol is a quiet zone (``ScanLine/isQuietZone(_:atLeast:pure:)``:
    /// the start/stop characters occur nowhere else in a symbol).
    func quietZoneOK(_ line: ScanLine, run: Int, narrow: Double, pure: Bool) -> Bool {
        line.isQuietZone(run, atLeast: quietZoneNarrows * narrow, pure: pure)
    }

    /// A data character read along the line: the centre of its seven elements (pixels along the line),
    /// its pattern (``CodabarPatterns/patterns``) and its elements' widths (pixels, bar first).
    struct DataCharacter {
        var centre: Double
        var pattern: UInt8
        var widths: ArraySlice<Double>
    }

    /// True unless a data character's width (its seven elements) is far off its own kind's and nearer
    /// the other kind's; `read` holds the data characters in order along the line (four at least, or it
    /// is true).
    ///
    /// A data character has two wide elements (the digits, `-` and `$`: one wide bar and one wide space)
    /// or three (`:`, `/`, `.`, `+`: three wide bars), so the two kinds differ in width by about one wide
    /// element less one narrow one, whatever ink spread or blur does to the edges inside. Damage along the
    /// bars (a cut, a glare band) that thins a wide bar and widens the space beside it keeps the
    /// character's width but can change its pattern to one of the other kind, which the character table
    /// accepts and nothing else checks: Codabar has no check character.
    ///
    /// A character's two possible widths come from the other data characters' elements where it stands:
    /// a least-squares line (for perspective) through the widths of their narrow bars against their
    /// centres, and likewise for narrow spaces, wide bars and wide spaces, each character left out of its
    /// own lines. Bars and spaces are kept apart because blur and ink spread make them differ (a symbol
    /// of the synthetic corpus has wide spaces a sixth wider than its wide bars). Where no other character
    /// has a wide space, a wide space is taken as a wide bar plus the difference between a narrow space
    /// and a narrow bar. Printers vary the width of single characters too (`codabar-1/12` of the real
    /// corpus has a `2` a pixel wider than its other digits, half way to the other kind), so a character
    /// is refused only when it is off its own kind's width by more than three times the root mean square
    /// of the other characters' differences from theirs. The start and stop characters are left out: some
    /// printers draw them narrower than the data (`codabar-1/11` and `12`, by a sixth).
    static func widthsFitTheirKinds(_ read: [DataCharacter]) -> Bool {
        guard read.count >= 4 else { return true }
        // Element types: 0 narrow bar, 1 narrow space, 2 wide bar, 3 wide space.
        func type(_ pattern: UInt8, _ e: Int) -> Int { e % 2 + (pattern >> (6 - e) & 1 == 1 ? 2 : 0) }
        // Each character's width less its own kind's, and less the other kind's.
        var offOwn: [Double] = [], offOther: [Double] = []
        for k in read.indices {
            var points = [[(x: Double, y: Double)]](repeating: [], count: 4)
            for (m, c) in read.enumerated() where m != k {
                for (e, width) in c.widths.enumerated() { points[type(c.pattern, e)].append((c.centre, width)) }
            }
            let x = read[k].centre
            var expected = points.map { RegressionLine($0).map { $0(x) } }
            if expected[3] == nil, let nb = expected[0], let ns = expected[1], let wb = expected[2] {
                expected[3] = wb - nb + ns
            }
            guard let nb = expected[0], let ns = expected[1], let wb = expected[2], let ws = expected[3] else {
                return true
            }
            let twoWide = 3 * nb + 2 * ns + wb + ws
            let threeWide = nb + 3 * ns + 3 * wb
            let width = read[k].widths.reduce(0, +)
            let isThreeWide = read[k].pattern.nonzeroBitCount == 3
            offOwn.append(width - (isThreeWide ? threeWide : twoWide))
            offOther.append(width - (isThreeWide ? twoWide : threeWide))
        }
        for k in read.indices where abs(offOther[k]) < abs(offOwn[k]) {
            let others = read.indices.filter { $0 != k }
            let rms = (others.reduce(0.0) { $0 + offOwn[$1] * offOwn[$1] } / Double(others.count)).squareRoot()
            if abs(offOwn[k]) > 3 * rms { return false }
        }
        return true
    }

    func decodeSymbol(_ w: [Double], line: ScanLine, at i: Int, options: DecodeOptions) -> (LinearMatch, Int)? {
        let startWidth = Double(line.runStarts[i + 7] - line.runStarts[i])
        // Cheap test first: the quiet zone must be long enough for the narrowest element a start character
        // this wide can have (4 narrow + 3 wide at the widest accepted ratio 4.5: width / 17.5, with room
        // for the ink-spread correction).
        guard quietZoneOK(line, run: i - 1, narrow: startWidth / 20, pure: options.pure) else { return nil }
        guard let start = reader.readStartStop(w, at: i) else { return nil }
        guard quietZoneOK(line, run: i - 1, narrow: start.narrow, pure: options.pure) else { return nil }
        var data: [Character] = []
        var narrow = start.narrow
        func centre(_ k: Int) -> Double { Double(line.runStarts[k] + line.runStarts[k + 7]) / 2 }
        var characters: [DataCharacter] = []
        var j = i + 8
        while j + 7 <= w.count {
            guard w[j - 1] <= maxGapNarrows * narrow else { return nil }
            guard let c = reader.read(w, at: j) else { return nil }
            guard abs(c.narrow - narrow) <= maxNarrowChange * narrow else { return nil }
            narrow = c.narrow
            if c.index >= CodabarPatterns.firstStartStop {
                let after = j + 7
                guard data.count >= max(1, options.codabarMinLength) else { return nil }
                guard Self.widthsFitTheirKinds(characters) else { return nil }
                guard quietZoneOK(line, run: after, narrow: narrow, pure: options.pure) else { return nil }
                // A symbol cropped by the image border reads as a shorter one when the piece of a character
                // at the border passes for a start or stop character: the border is a quiet zone on one
                // side only when its light is wider than any space of the read (``ScanLine/hasUncutQuietZones``).
                if !options.pure {
                    guard
                        line.hasUncutQuietZones(
                            firstBar: i, lastBar: j + 6, before: quietZoneNarrows * start.narrow,
                            after: quietZoneNarrows * narrow)
                    else { return nil }
                }
                let first = CodabarPatterns.characters[start.index]
                let last = CodabarPatterns.characters[c.index]
                let display = String(data)
                let match = LinearMatch(
                    format: .codabar, text: String(first) + display + String(last), displayValue: display,
                    symbologyIdentifier: "]F0", start: line.runStarts[i], end: line.runStarts[after],
                    metadata: ["start": String(first), "stop": String(last)], checkedByCheckCharacter: false)
                return (match, j + 6)
            }
            data.append(CodabarPatterns.characters[c.index])
            characters.append(
                DataCharacter(centre: centre(j), pattern: CodabarPatterns.patterns[c.index], widths: w[j..<(j + 7)]))
            j += 8
        }
        return nil
    }
}
