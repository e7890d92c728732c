import ScanCore

/// Decodes EAN-13, UPC-A, EAN-8 and UPC-E symbols (and their EAN-2/EAN-5 add-ons) along one scan line,
/// read left to right (ISO/IEC 15420:2009; GS1 General Specifications §5.2). ``LinearScanner`` calls it
/// on many lines, in both directions.
///
/// Every dark run that starts a plausible normal guard (bar, space, bar) is tried as the start of each
/// symbol layout. A layout is accepted when every character matches a pattern (``EANDigitMatcher``), the
/// guards and character widths are consistent with one module size, the check digit is right and no
/// other reading of its 1s, 7s, 2s and 8s that the bars allow passes it too
/// (``checkAllowsPartners(_:_:_:)``), and the quiet zones are light for long enough (see
/// ``quietZoneModules``).
public struct EANRowDecoder: LinearRowDecoder {
    /// Light needed before and after a symbol, in modules, when the light run lies inside the line.
    /// The standard asks for 7–11 (ISO/IEC 15420 quiet zones); photos often crop them, and no space
    /// inside a symbol is wider than 4 modules, so 5 still tells a symbol's edge from its inside. The
    /// guards occur inside symbols of every kind (a UPC-E or EAN-8 reads out of the bars of a Code 128 or
    /// ITF cut by the image border), so the border serves as quiet zone as
    /// ``ScanLine/hasUncutQuietZones(firstBar:lastBar:before:after:atOneBorder:)`` says.
    public var quietZoneModules = 5.0
    /// Light needed where one side of a symbol reaches the image border and the other does not, in
    /// modules. Photos of EAN/UPC symbols are often cropped close to one side; the guards at their fixed
    /// places and the check digit keep the rest of a cut symbol's space from making a read there (the
    /// stress run crops through every linear symbology to test it; see Docs/stress.md).
    public var quietZoneModulesAtOneBorder = 2.0

    public init() {}

    /// A UPC-E, the shortest: start guard (3), six digits (4 each), end guard (6).
    public var minimumElements: Int { 33 }

    /// The least mean module size, as a fraction of the start guard's span, that
    /// ``checkGeometry(_:at:_:)`` accepts for any layout (EAN-8: 8 characters
    /// and 11 guard runs in 67 modules gives (0.75 · 7 · 8 + 0.5 · 11) / 67 = 0.709 of the characters'
    /// module; UPC-E 0.75 · 7 · 6 + 0.5 · 9 over 51 = 0.706; EAN-13 0.72; a three-run guard is below 5.3
    /// of those modules), rounded down.
    static let leastModulePerGuardSpan = 0.7 / 5.3

    public func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        let view = RunView(line)
        return line.readSymbols(pure: options.pure, runsAfter: 2) { i in
            decodeSymbol(view, at: i, options: options).map { ($0.match, $0.nextRun) }
        }
    }

    /// A main symbol found at a start guard, possibly with an add-on; `match` is nil when the add-on policy
    /// rejects it.
    struct Found {
        var match: LinearMatch?
        var nextRun: Int
    }

    func decodeSymbol(_ v: RunView, at i: Int, options: DecodeOptions) -> Found? {
        guard isNormalGuard(v, i) else { return nil }
        let qz = options.pure ? 0 : quietZoneModules
        // The light before the start guard, against the least module size any layout can accept with
        // this guard: ``checkGeometry(_:at:_:)`` keeps guards below 5.3 of the
        // characters' modules for three runs and characters within 0.75 of their median, so a symbol's
        // mean module is at least (0.75 · 7 · characters + 0.5 · guard runs) / modules of those, which is
        // at least 0.72 / 5.3 of the start guard's span for every layout. A light run narrower than the
        // quiet zone at that size fails the quiet-zone test below whatever the characters read; texture
        // rarely has a wide light run before a guard-like triple, so most positions stop here.
        guard v.isQuietZone(i - 1, atLeast: qz * Self.leastModulePerGuardSpan * v.span(i, 3)) else { return nil }
        for layout in Layout.allCases {
            guard let main = decodeMain(v, at: i, layout: layout) else { continue }
            // Quiet zones, measured in this symbol's module.
            let after = main.lastBar + 1
            let quiet = qz * main.module
            guard
                v.line.hasUncutQuietZones(
                    firstBar: i, lastBar: main.lastBar, before: quiet, after: quiet,
                    atOneBorder: options.pure ? 0 : quietZoneModulesAtOneBorder * main.module)
            else { continue }
            var addOn: EANAddOn.Found?
            if options.eanAddOn != .ignore && after < v.count {
                addOn = EANAddOn.decode(v, gapRun: after, module: main.module, options: options)
            }
            if options.eanAddOn == .require && addOn == nil {
                return Found(match: nil, nextRun: after + 1)
            }
            return Found(
                match: makeMatch(main, addOn: addOn, v: v, at: i, options: options),
                nextRun: (addOn?.lastBar ?? main.lastBar) + 2)
        }
        return nil
    }

    func makeMatch(_ main: Main, addOn: EANAddOn.Found?, v: RunView, at i: Int, options: DecodeOptions)
        -> LinearMatch
    {
        var digits = main.digits
        var format: BarcodeFormat
        var identifier = "]E0"
        var metadata: [String: String] = [:]
        switch main.layout {
        case .ean13:
            // An EAN-13 whose first digit is 0 is a UPC-A (GS1 GenSpecs §5.2).
            if digits[0] == 0 && (options.wants(.upca) || !options.wants(.ean13)) {
                digits.removeFirst()
                format = .upca
            } else {
                format = .ean13
            }
        case .ean8:
            format = .ean8
            identifier = "]E4"
        case .upcE:
            format = .upce
            metadata[Barcode.upcAKey] = String(digits: UPCEExpansion.upcA(digits))
        }
        var text = String(digits: digits)
        var display = text
        var end = v.start[main.lastBar + 1]
        if let addOn {
            let a = String(digits: addOn.digits)
            metadata[Barcode.addOnKey] = a
            text += a
            display += " " + a
            end = v.start[addOn.lastBar + 1]
            // ISO/IEC 15424: ]E3 is the combined packet of a 13-digit symbol and its add-on; an EAN-8
            // keeps ]E4 (its add-on would travel as a separate ]E1/]E2 packet).
            if main.layout != .ean8 { identifier = "]E3" }
        }
        return LinearMatch(
            format: format, text: text, displayValue: display, symbologyIdentifier: identifier,
            start: v.start[i], end: end, metadata: metadata, supplementLength: addOn?.digits.count ?? 0,
            mayBePartOfLongerSymbol: main.layout == .upcE && main.digits[0] == 1)
    }

    // MARK: - Main symbols

    enum Layout: CaseIterable {
        case ean13, upcE, ean8
    }

    struct Main {
        var layout: Layout
        var digits: [Int]
        var lastBar: Int
        /// Module width in pixels, from the characters.
        var module: Double
    }

    /// True when runs i, i+1, i+2 (bar, space, bar) look like a normal guard: three similar narrow runs.
    func isNormalGuard(_ v: RunView, _ i: Int) -> Bool {
        let a = v.w[i], b = v.w[i + 1], c = v.w[i + 2]
        let m = (a + b + c) / 3
        return m > 0 && a < 2 * m && b < 2 * m && c < 2 * m
    }

    func decodeMain(_ v: RunView, at i: Int, layout: Layout) -> Main? {
        switch layout {
        case .ean13: return decodeEAN13(v, at: i)
        case .ean8: return decodeEAN8(v, at: i)
        case .upcE: return decodeUPCE(v, at: i)
        }
    }

    func decodeEAN13(_ v: RunView, at i: Int) -> Main? {
        let g = EANLayoutGeometry.ean13
        guard let measured = measure(v, at: i, g) else { return nil }
        guard let left = readCharacters(v, from: i + 3, count: 6, matcher: .setsAB, spread: measured.spread),
            let right = readCharacters(v, from: i + 32, count: 6, matcher: .setC, spread: measured.spread)
        else { return nil }
        let parity = left.map(\.setB)
        guard let first = EANPatterns.firstDigitParity.firstIndex(of: parity) else { return nil }
        let digits = [first] + left.map(\.digit) + right.map(\.digit)
        guard EANCheckDigit.isValid(digits) else { return nil }
        let doubts = doubtfulDigits(
            v, [(i + 3, .setsAB, left), (i + 32, .setC, right)], spread: measured.spread)
        guard !Self.checkAllowsPartners(digits, [false] + doubts, EANCheckDigit.isValid) else { return nil }
        return Main(layout: .ean13, digits: digits, lastBar: i + g.lastBar, module: measured.module)
    }

    func decodeEAN8(_ v: RunView, at i: Int) -> Main? {
        let g = EANLayoutGeometry.ean8
        guard let measured = measure(v, at: i, g) else { return nil }
        guard let left = readCharacters(v, from: i + 3, count: 4, matcher: .setA, spread: measured.spread),
            let right = readCharacters(v, from: i + 24, count: 4, matcher: .setC, spread: measured.spread)
        else { return nil }
        let digits = left.map(\.digit) + right.map(\.digit)
        guard EANCheckDigit.isValid(digits) else { return nil }
        let doubts = doubtfulDigits(v, [(i + 3, .setA, left), (i + 24, .setC, right)], spread: measured.spread)
        guard !Self.checkAllowsPartners(digits, doubts, EANCheckDigit.isValid) else { return nil }
        return Main(layout: .ean8, digits: digits, lastBar: i + g.lastBar, module: measured.module)
    }

    func decodeUPCE(_ v: RunView, at i: Int) -> Main? {
        let g = EANLayoutGeometry.upcE
        guard let measured = measure(v, at: i, g) else { return nil }
        guard let chars = readCharacters(v, from: i + 3, count: 6, matcher: .setsAB, spread: measured.spread)
        else { return nil }
        let parity = chars.map(\.setB)
        let ns: Int, check: Int
        if let k = EANPatterns.upcEParity.firstIndex(of: parity) {
            ns = 0; check = k
        } else if let k = EANPatterns.upcEParity.firstIndex(of: parity.map { !$0 }) {
            ns = 1; check = k
        } else {
            return nil
        }
        let digits = [ns] + chars.map(\.digit) + [check]
        func valid(_ d: [Int]) -> Bool { EANCheckDigit.isValid(UPCEExpansion.upcA(d)) }
        guard valid(digits) else { return nil }
        let doubts = doubtfulDigits(v, [(i + 3, .setsAB, chars)], spread: measured.spread)
        guard !Self.checkAllowsPartners(digits, [false] + doubts + [false], valid) else { return nil }
        return Main(layout: .upcE, digits: digits, lastBar: i + g.lastBar, module: measured.module)
    }

    /// Per character of `segments` (each: its first run, the matcher and the characters read there), true
    /// when, read with the symbol's own ink spread, its digit would be its partner (1 and 7, 2 and 8:
    /// ``EANDigitMatcher/readsAsPartner(_:spread:firstIsBar:digit:setB:)``). The characters were read with
    /// `spread`, which the guards give; the symbol's own is that plus the median of every character's
    /// bar excess over its pattern (``EANDigitMatcher/barExcess(_:spread:firstIsBar:digit:setB:)``). The
    /// two disagree on a character where glare, a cut or an occlusion along its bars thinned or widened
    /// them alone; print that thins or thickens every bar of a symbol moves the median as much (a photo
    /// of the real corpus, `ean13-2/26`, reads its 8s a third of the way to 2s by the guards' spread).
    func doubtfulDigits(
        _ v: RunView, _ segments: [(from: Int, matcher: EANDigitMatcher, read: [EANDigitMatcher.Match])],
        spread: Double
    ) -> [Bool] {
        func widths(_ j: Int) -> (Double, Double, Double, Double) { (v.w[j], v.w[j + 1], v.w[j + 2], v.w[j + 3]) }
        var excess: [Double] = []
        for (from, matcher, read) in segments {
            for (k, m) in read.enumerated() {
                let j = from + 4 * k
                if let e = matcher.barExcess(
                    widths(j), spread: spread, firstIsBar: j % 2 == 1, digit: m.digit, setB: m.setB)
                {
                    excess.append(e)
                }
            }
        }
        guard !excess.isEmpty else { return segments.flatMap { $0.read.map { _ in false } } }
        excess.sort()
        let own = spread + (excess[excess.count / 2] + excess[(excess.count - 1) / 2]) / 2
        var out: [Bool] = []
        for (from, matcher, read) in segments {
            for (k, m) in read.enumerated() {
                let j = from + 4 * k
                out.append(
                    matcher.readsAsPartner(widths(j), spread: own, firstIsBar: j % 2 == 1, digit: m.digit, setB: m.setB)
                )
            }
        }
        return out
    }

    /// True when some of the digits flagged in `doubts` (``doubtfulDigits(_:_:spread:)``), read as their
    /// partners (``EANDigitMatcher/partner(of:)``: 1 and 7, 2 and 8) instead, make digits that pass the
    /// check digit too (`isValid`): neither the bars nor the check digit tell the two values apart. Two
    /// such changes of the same weight and opposite sign (a 1 read as a 7 and a 7 as a 1 at odd
    /// positions) keep the weighted sum.
    static func checkAllowsPartners(_ digits: [Int], _ doubts: [Bool], _ isValid: ([Int]) -> Bool) -> Bool {
        let doubtful = doubts.indices.filter { doubts[$0] }
        guard !doubtful.isEmpty, doubtful.count <= 12 else { return false }
        for subset in 1..<(1 << doubtful.count) {
            var other = digits
            for (b, k) in doubtful.enumerated() where subset & (1 << b) != 0 {
                other[k] = EANDigitMatcher.partner(of: digits[k]) ?? digits[k]
            }
            if isValid(other) { return true }
        }
        return false
    }

    /// The mean module size (``checkGeometry(_:at:_:)``) and the ink spread (``RunView/inkSpread(guards:at:)``)
    /// of a symbol of layout `g` whose first bar is run `i`, or nil when the line ends before the symbol or
    /// its widths do not agree. Widths first (a few subtractions): most texture fails them before any
    /// character is matched.
    func measure(_ v: RunView, at i: Int, _ g: EANLayoutGeometry) -> (module: Double, spread: Double)? {
        guard i + g.lastBar < v.count, let module = checkGeometry(v, at: i, g) else { return nil }
        return (module, v.inkSpread(guards: g.guards, at: i))
    }

    /// Reads `count` characters of four runs each, starting at run `from`; `spread` as in
    /// ``RunView/inkSpread(guards:at:)``.
    func readCharacters(
        _ v: RunView, from: Int, count: Int, matcher: EANDigitMatcher, spread: Double
    ) -> [EANDigitMatcher.Match]? {
        var out: [EANDigitMatcher.Match] = []
        out.reserveCapacity(count)
        for k in 0..<count {
            let j = from + 4 * k
            guard
                let m = matcher.match(
                    v.w[j], v.w[j + 1], v.w[j + 2], v.w[j + 3], spread: spread,
                    firstIsBar: j % 2 == 1)
            else { return nil }
            out.append(m)
        }
        return out
    }

    /// Checks that characters (7 modules each) and guards (1 module per run) agree on one module size,
    /// allowing for a gradual change along the symbol (perspective), for a symbol of layout `g` whose
    /// first bar is run `start`. Returns the mean module size.
    func checkGeometry(_ v: RunView, at start: Int, _ g: EANLayoutGeometry) -> Double? {
        let n = g.characterCount
        // The characters' widths in a stack buffer (this runs at every guard-like position of every line).
        let median: Double? = withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { widths in
            var k = 0
            var narrowest = Double.infinity, widest = -Double.infinity
            for (offset, count) in g.characters {
                for c in 0..<count {
                    let width = v.span(start + offset + 4 * c, 4)
                    widths[k] = width
                    narrowest = min(narrowest, width)
                    widest = max(widest, width)
                    k += 1
                }
            }
            // Widths within 0.75–1.33 of one median lie within 1.33 / 0.75 = 1.774 of each other: most
            // texture fails that before the sort (1.78 leaves the borderline cases to the test below).
            guard widest <= 1.78 * narrowest else { return nil }
            // Insertion sort of at most 12 widths into a second buffer (`widths` keeps their order).
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { order in
                for j in 0..<n {
                    var p = j
                    while p > 0 && order[p - 1] > widths[j] {
                        order[p] = order[p - 1]
                        p -= 1
                    }
                    order[p] = widths[j]
                }
                let median = order[n / 2]
                guard median > 0 else { return nil }
                for j in 0..<n where widths[j] < 0.75 * median || widths[j] > 1.33 * median { return nil }
                return median
            }
        }
        guard let median else { return nil }
        let module = median / 7
        for (offset, count) in g.guards {
            let guardModules = v.span(start + offset, count) / module
            guard guardModules > 0.5 * Double(count), guardModules < 1.6 * Double(count) + 0.5 else { return nil }
        }
        let last = g.guards.last.map { start + $0.offset + $0.count } ?? start
        return v.span(start, last - start) / Double(g.modules)
    }
}

/// Run widths and edge positions of a scan line as floating point.
struct RunView {
    /// Run widths (even indices light, odd dark).
    let w: [Double]
    /// Position of each run's leading edge; `start[count]` is the line length.
    let start: [Int]
    var count: Int { w.count }

    /// Sub-pixel run starts when the line has them, else the integer ones.
    let exact: [Double]
    /// The line (for its ends: ``ScanLine/isAtBorder(_:)``).
    let line: ScanLine

    init(_ line: ScanLine) {
        start = line.runStarts
        w = line.exactWidths
        exact = line.subpixelStarts ?? line.runStarts.map(Double.init)
        self.line = line
    }

    /// True when light run `run` is a quiet zone `width` pixels wide or at an image border
    /// (``ScanLine/isQuietZone(_:atLeast:)``, with the exact widths).
    @inline(__always)
    func isQuietZone(_ run: Int, atLeast width: Double) -> Bool {
        guard run >= 0, run < count else { return false }
        return line.isAtBorder(run) || w[run] >= width
    }

    /// How much wider than nominal the symbol's bars are (and its spaces narrower), in modules, measured
    /// on its guard patterns, whose bars and spaces are all one module wide. Blur, ink spread and the
    /// threshold all shift bar/space boundaries one way; knowing the shift keeps 1/7 and 2/8 apart
    /// (their edge-to-similar-edge distances are equal, only their bar widths differ).
    /// `guards`: (first run, number of runs), each first run counted from run `at`.
    func inkSpread(guards: [(offset: Int, count: Int)], at base: Int = 0) -> Double {
        var bars = 0.0, spaces = 0.0, nb = 0, ns = 0
        for (offset, count) in guards {
            let from = base + offset
            for j in from..<(from + count) {
                if j % 2 == 1 { bars += w[j]; nb += 1 } else { spaces += w[j]; ns += 1 }
            }
        }
        guard nb > 0, ns > 0 else { return 0 }
        let b = bars / Double(nb), s = spaces / Double(ns)
        // (b − s) / 2 is the shift of each edge in pixels; one module is (b + s) / 2.
        let spread = (b - s) / (b + s)
        return min(0.45, max(-0.45, spread))
    }

    /// Total width of `count` runs from `from`.
    func span(_ from: Int, _ count: Int) -> Double { exact[from + count] - exact[from] }
}

extension String {
    init(digits: [Int]) {
        self = String(String.UnicodeScalarView(digits.compactMap { Unicode.Scalar(UInt8(48 + $0)) }))
    }
}
