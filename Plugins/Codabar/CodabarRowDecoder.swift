import ScanCore

/// Decodes Codabar symbols along one scan line read left to right (ANSI/AIM BC3 / EN 798).
///
/// A symbol is a start character (`A`–`D`), data characters (`0`–`9`, `-$:/.+`), a stop character
/// (`A`–`D`), separated by inter-character gaps, with quiet zones on both sides. Every dark run that
/// reads as a start character behind a quiet zone starts an attempt; data is read until the next
/// start/stop character. A read is accepted when every character is in the table, the characters agree
/// on one narrow width (allowing slow change for perspective), the gaps are short, the quiet zones are
/// long enough and there are at least ``DecodeOptions/codabarMinLength`` data characters. Read backwards
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
        var j = i + 8
        while j + 7 <= w.count {
            guard w[j - 1] <= maxGapNarrows * narrow else { return nil }
            guard let c = reader.read(w, at: j) else { return nil }
            guard abs(c.narrow - narrow) <= maxNarrowChange * narrow else { return nil }
            narrow = c.narrow
            if c.index >= CodabarPatterns.firstStartStop {
                let after = j + 7
                guard data.count >= max(1, options.codabarMinLength) else { return nil }
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
            j += 8
        }
        return nil
    }
}
