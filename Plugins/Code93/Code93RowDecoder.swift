import ScanCore

/// Decodes Code 93 symbols along one scan line read left to right (AIM USS Code 93).
///
/// A symbol is: quiet zone, start character, data characters, check characters C and K, stop character,
/// a one-module termination bar, quiet zone; characters follow each other with no gap. Every dark run that
/// matches the start character behind a quiet zone starts an attempt; characters are read until the
/// start/stop pattern comes again. A read is accepted when every character matches
/// (``Code93CharacterMatcher``), their widths agree (allowing slow change for perspective), the
/// termination bar is about one module, the quiet zones are long enough, C and K are right and every
/// Full ASCII shift pair is valid. Read backwards the stop pattern does not match the start, so a symbol is
/// found in one direction only.
public struct Code93RowDecoder: LinearRowDecoder {
    /// Light needed before and after the symbol, in modules, when the light run lies inside the line.
    /// The standard asks for 10; photos crop them, and no space inside a symbol is wider than 4.
    public var quietZoneModules = 6.0
    /// Largest change of character width from one character to the next.
    public var maxWidthChange = 0.25

    let matcher = Code93CharacterMatcher()

    public init() {}

    /// Start, one data character, the two check characters and stop (6 each), and the termination bar.
    public var minimumElements: Int { 31 }

    public func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        let w = line.exactWidths
        return line.readSymbols(pure: options.pure, runsAfter: 6) { i in
            decodeSymbol(w, line: line, at: i, options: options).map { ($0.0, $0.1 + 2) }
        }
    }

    /// True when light run `run` beside the symbol is a quiet zone (``ScanLine/isQuietZone(_:atLeast:pure:)``:
    /// the start/stop characters occur nowhere else in a symbol).
    func quietZoneOK(_ line: ScanLine, run: Int, module: Double, pure: Bool) -> Bool {
        line.isQuietZone(run, atLeast: quietZoneModules * module, pure: pure)
    }

    func decodeSymbol(_ w: [Double], line: ScanLine, at i: Int, options: DecodeOptions) -> (LinearMatch, Int)? {
        let startWidth = Double(line.runStarts[i + 6] - line.runStarts[i])
        // The quiet zone first: it is cheap and rejects most runs.
        guard quietZoneOK(line, run: i - 1, module: startWidth / 9, pure: options.pure) else { return nil }
        guard matcher.matchStartStop(w, at: i) != nil else { return nil }
        var values: [Int] = []
        var previousWidth = startWidth
        var j = i + 6
        while j + 6 <= w.count {
            let width = Double(line.runStarts[j + 6] - line.runStarts[j])
            guard abs(width - previousWidth) <= maxWidthChange * previousWidth else { return nil }
            guard let c = matcher.match(w, at: j) else { return nil }
            previousWidth = width
            if c.value == Code93Patterns.startStop {
                // Termination bar (one module), then the quiet zone.
                let bar = j + 6
                let after = j + 7
                let module = width / 9
                guard bar < w.count, w[bar] >= 0.4 * module, w[bar] <= 2.2 * module else { return nil }
                guard quietZoneOK(line, run: after, module: module, pure: options.pure) else { return nil }
                guard values.count >= 3, Code93CheckCharacters.areValid(values) else { return nil }
                let data = Array(values.dropLast(2))
                guard let bytes = Code93FullASCII.expand(data) else { return nil }
                let match = LinearMatch(
                    format: .code93, text: String(decoding: bytes, as: UTF8.self), rawBytes: bytes,
                    symbologyIdentifier: "]G0", start: line.runStarts[i], end: line.runStarts[after])
                return (match, bar)
            }
            values.append(c.value)
            j += 6
        }
        return nil
    }
}
