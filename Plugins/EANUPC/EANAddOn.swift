import ScanCore

/// EAN-2 and EAN-5 add-on symbols (ISO/IEC 15420:2009, add-on symbols; GS1 General Specifications §5.2, add-on
/// symbols).
///
/// An add-on follows its main symbol after a light gap of 7–12 modules. It has a start pattern
/// (bar, space, bar: 1, 1, 2 modules), then its characters from number sets A and B, separated by a
/// delineator (space, bar: 1, 1). The number sets carry its check: for EAN-2 the value modulo 4, for
/// EAN-5 a weighted sum (3 × odd positions + 9 × even positions, modulo 10).
enum EANAddOn {
    struct Found {
        var digits: [Int]
        /// Index of its last bar.
        var lastBar: Int
    }

    /// The add-on after a main symbol whose right quiet zone is run `gapRun`; `module` is the main symbol's
    /// module size in pixels.
    static func decode(_ v: RunView, gapRun: Int, module: Double, options: DecodeOptions) -> Found? {
        let gap = v.w[gapRun] / module
        // 7–12 modules by the standard; blur and printing move it a little.
        guard gap >= Double(EANPatterns.addOnGapMin) - 3, gap <= Double(EANPatterns.addOnGapMax) + 4 else {
            return nil
        }
        for length in [5, 2] {
            if let f = decode(v, startRun: gapRun + 1, length: length, module: module) { return f }
        }
        return nil
    }

    static func decode(_ v: RunView, startRun a: Int, length: Int, module: Double) -> Found? {
        // start (3 runs), characters (4 runs), delineators (2 runs) between them.
        let lastBar = a + 2 + 4 * length + 2 * (length - 1)
        let quiet = lastBar + 1
        guard quiet < v.count else { return nil }
        let startModules = v.span(a, 3) / module
        guard startModules > 2.5, startModules < 5.5 else { return nil }
        // Bars and spaces of one module: the start's first bar and space, and each delineator.
        let spread = v.inkSpread(guards: [(a, 2)] + (1..<length).map { (a + 3 + 6 * $0 - 2, 2) })
        var digits: [Int] = [], sets: [Bool] = []
        var widths: [Double] = []
        var j = a + 3
        for k in 0..<length {
            if k > 0 {
                let d = v.span(j, 2) / module
                guard d > 1, d < 3.2 else { return nil }
                j += 2
            }
            guard let m = EANDigitMatcher.setsAB.match(
                v.w[j], v.w[j + 1], v.w[j + 2], v.w[j + 3], spread: spread, firstIsBar: false)
            else {
                return nil
            }
            digits.append(m.digit)
            sets.append(m.setB)
            widths.append(v.span(j, 4))
            j += 4
        }
        // Characters are 7 modules each, like the main symbol's.
        for w in widths where w < 0.7 * 7 * module || w > 1.4 * 7 * module { return nil }
        // Right quiet zone (5 modules by the standard): a wide light run, or the end of the line.
        let ownModule = widths.reduce(0, +) / Double(7 * length)
        if quiet != v.count - 1 && v.w[quiet] < 4 * ownModule { return nil }
        if quiet == v.count - 1 && v.w[quiet] < 1.5 * ownModule { return nil }
        let expected: [Bool]
        if length == 2 {
            expected = EANPatterns.addOn2Parity[(digits[0] * 10 + digits[1]) % 4]
        } else {
            let check = (3 * (digits[0] + digits[2] + digits[4]) + 9 * (digits[1] + digits[3])) % 10
            expected = EANPatterns.addOn5Parity[check]
        }
        guard sets == expected else { return nil }
        return Found(digits: digits, lastBar: lastBar)
    }
}
