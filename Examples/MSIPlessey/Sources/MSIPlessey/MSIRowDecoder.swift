import ScanCore

/// Decodes MSI Plessey symbols along one scan line read left to right.
///
/// MSI Plessey (MSI Data Corporation's specification) writes each digit as four bits, most significant
/// first, and each bit as a bar and the space after it, three modules together: a `1` is a 2-module bar
/// and a 1-module space, a `0` a 1-module bar and a 2-module space. A symbol is a start pattern (a `1`
/// bit), the digits (data then check digits), and a stop pattern (a `0` bit and a 1-module bar), between
/// quiet zones.
///
/// Every dark run that reads as the start pattern behind a quiet zone starts an attempt. Each bit is
/// told by which of its bar and space is wider, so the module width may drift slowly (perspective), but
/// each pair must span about three modules and its wider element be clearly wider. After each digit, a
/// `0` pair, a 1-module bar and a quiet zone end the symbol. It is accepted with at least ``minDigits``
/// digits, every digit 0–9, and check digits that verify under one of ``checks`` (tried in order).
/// Read backwards no start pattern lines up with the bit pairs, so a symbol is found in one direction.
public struct MSIRowDecoder: LinearRowDecoder {
    /// Check digit schemes accepted, tried in order. Default: modulo 10 only, the common one.
    public var checks: [MSICheckScheme] = [.mod10]
    /// Fewest digits in a symbol, check digits included. Default: 4.
    public var minDigits = 4
    /// Most digits in a symbol. Default: 64.
    public var maxDigits = 64
    /// Light needed before the start and after the stop, in modules, when the light run lies inside the
    /// line. At the line's ends the image border counts as a quiet zone, after at least half a module of
    /// light (a bar the border cuts may be a wider one). Default: 6.
    public var quietZoneModules = 6.0
    /// Smallest ratio of the wider to the narrower element of a bit. Default: 1.3 (printed 2:1).
    public var minRatio = 1.3
    /// Largest change of a bit's width (three modules) from the running module estimate. Default: 0.35.
    public var maxModuleChange = 0.35

    /// A row decoder accepting the check digit schemes `checks` (tried in order).
    public init(checks: [MSICheckScheme] = [.mod10]) {
        self.checks = checks
    }

    public func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        // Sub-pixel widths when the line source measured them.
        let w: [Double]
        if let sub = line.subpixelStarts {
            w = (0..<line.runs.count).map { sub[$0 + 1] - sub[$0] }
        } else {
            w = line.runs.map(Double.init)
        }
        var out: [LinearMatch] = []
        var i = 1
        while i + 4 < w.count {
            if let (match, stopBar) = decodeSymbol(w, line: line, at: i, options: options) {
                out.append(match)
                i = stopBar + 2
            } else {
                i += 2
            }
        }
        return out
    }

    /// The bit a bar and its space make, and their width in modules, or `nil` when they are not a bit.
    func bit(_ bar: Double, _ space: Double, module: Double) -> (bit: Int, modules: Double)? {
        let total = bar + space
        guard abs(total / 3 - module) <= maxModuleChange * module else { return nil }
        guard max(bar, space) >= minRatio * min(bar, space) else { return nil }
        return (bar > space ? 1 : 0, total / 3)
    }

    /// True when run `run` (light) is a quiet zone for a symbol of `module`-wide modules.
    func isQuiet(_ w: [Double], run: Int, module: Double, pure: Bool) -> Bool {
        if pure { return true }
        guard run < w.count else { return false }  // the line ends inside the last bar
        if run == 0 || run == w.count - 1 { return w[run] >= 0.5 * module }  // the image border
        return w[run] >= quietZoneModules * module
    }

    /// The symbol whose start bar is run `i`, and the index of its stop bar.
    func decodeSymbol(_ w: [Double], line: ScanLine, at i: Int, options: DecodeOptions) -> (LinearMatch, Int)? {
        var module = (w[i] + w[i + 1]) / 3
        guard w[i] > w[i + 1], bit(w[i], w[i + 1], module: module) != nil else { return nil }
        guard isQuiet(w, run: i - 1, module: module, pure: options.pure) else { return nil }
        var digits: [Int] = []
        var j = i + 2
        while digits.count <= maxDigits {
            if !digits.isEmpty, j + 2 < w.count, let zero = bit(w[j], w[j + 1], module: module), zero.bit == 0,
                abs(w[j + 2] - module) <= 0.6 * module, isQuiet(w, run: j + 3, module: module, pure: options.pure)
            {
                return accept(digits, line: line, from: i, stopBar: j + 2)
            }
            var value = 0
            for _ in 0..<4 {
                guard j + 1 < w.count, let b = bit(w[j], w[j + 1], module: module) else { return nil }
                value = value << 1 | b.bit
                module = 0.75 * module + 0.25 * b.modules
                j += 2
            }
            guard value <= 9 else { return nil }
            digits.append(value)
        }
        return nil
    }

    /// The match for `digits` when their count and check digits are right.
    func accept(_ digits: [Int], line: ScanLine, from i: Int, stopBar: Int) -> (LinearMatch, Int)? {
        guard digits.count >= max(2, minDigits),
            let scheme = checks.first(where: { $0.checkDigitCount(digits) != nil })
        else { return nil }
        let text = digits.map(String.init).joined()
        let match = LinearMatch(
            format: .msi, text: text, symbologyIdentifier: "]M0", start: line.runStarts[i],
            end: line.runStarts[stopBar + 1], metadata: ["check": scheme.rawValue])
        return (match, stopBar)
    }
}
