import ScanCore

/// Random symbols for the stress run, one family after another: payload, who renders it, the values a
/// reader may rightly report, and the scene (drawing and damage).
public enum StressGenerator {
    /// Every family, in report order.
    public static let families = [
        "ean13", "ean8", "upca", "upce", "code128", "code39", "code32", "code93", "codabar", "itf",
        "qrcode", "datamatrix", "pdf417", "aztec",
    ]

    /// The case for symbol `index` of a run with `seed`, of `family`.
    public static func makeCase(family: String, seed: UInt64, index: Int) -> StressCase {
        var r = StressRandom(seed: seed, index: index)
        let (source, accepted, kind) = symbol(family, &r)
        return StressCase(family: family, source: source, accepted: accepted, scene: scene(kind, &r))
    }

    // MARK: Payloads

    static func digits(_ n: Int, _ r: inout StressRandom) -> [Int] { (0..<n).map { _ in r.int(in: 0...9) } }
    static func text(_ d: [Int]) -> String { d.map(String.init).joined() }

    /// The GS1 check digit of `body` (GS1 General Specifications §7.9.1: weights 3 and 1 from the right).
    static func gs1Check(_ body: [Int]) -> Int {
        var sum = 0
        for (i, d) in body.reversed().enumerated() { sum += d * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// The UPC-A digits (without check digit) a UPC-E number system and six digits stand for (GS1 General
    /// Specifications, UPC-E zero suppression).
    static func upcEExpansion(_ ns: Int, _ d: [Int]) -> [Int] {
        switch d[5] {
        case 0...2: return [ns, d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: return [ns, d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: return [ns, d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: return [ns, d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
    }

    /// Bytes as a zint `--esc` data line: letters and digits as they are, everything else `\xNN`.
    static func escaped(_ bytes: [UInt8]) -> String {
        bytes.map { b in
            (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
                ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
        }.joined()
    }

    static func randomBytes(_ r: inout StressRandom, maxCount: Int) -> [UInt8] {
        let n = r.int(in: 1...maxCount)
        switch r.int(in: 0...3) {
        case 0: return (0..<n).map { _ in UInt8(r.int(in: 0...255)) }
        case 1: return (0..<n).map { _ in UInt8(r.int(in: 0x30...0x39)) }
        case 2: return (0..<n).map { _ in UInt8(r.pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789$%*+-./:".utf8))) }
        default: return (0..<n).map { _ in UInt8(r.int(in: 0x20...0x7E)) }
        }
    }

    static func addOn(_ r: inout StressRandom, probability: Double) -> String? {
        guard r.chance(probability) else { return nil }
        return text(digits(r.chance(0.5) ? 2 : 5, &r))
    }

    /// An EAN/UPC case: the main digits, an optional add-on, the zint symbology.
    static func eanUPC(
        _ format: BarcodeFormat, _ main: String, _ addOn: String?, data: String, symbology: String,
        _ r: inout StressRandom
    ) -> (StressCase.Source, [StressCase.Expected]) {
        var arguments: [String] = []
        if addOn != nil { arguments.append("--addongap=\(r.int(in: 7...12))") }
        var accepted = [StressCase.Expected(format, main + (addOn ?? ""))]
        if addOn != nil { accepted.append(StressCase.Expected(format, main, complete: false)) }
        let line = data + (addOn.map { "+" + $0 } ?? "")
        return (.zint(symbology: symbology, arguments: arguments, data: line), accepted)
    }

    static func symbol(_ family: String, _ r: inout StressRandom)
        -> (StressCase.Source, [StressCase.Expected], StressModules.Kind)
    {
        switch family {
        case "ean13":
            let body = [r.int(in: 1...9)] + digits(11, &r)
            let main = text(body + [gs1Check(body)])
            let (s, a) = eanUPC(.ean13, main, addOn(&r, probability: 0.25), data: main, symbology: "EANX", &r)
            return (s, a, .linear)
        case "ean8":
            // zint takes the 7 digits of an EAN-8 and adds the check digit (8 digits would be an EAN-13).
            let body = digits(7, &r)
            let main = text(body + [gs1Check(body)])
            let (s, a) = eanUPC(.ean8, main, addOn(&r, probability: 0.15), data: text(body), symbology: "EANX", &r)
            return (s, a, .linear)
        case "upca":
            let body = digits(11, &r)
            let main = text(body + [gs1Check(body)])
            let (s, a) = eanUPC(.upca, main, addOn(&r, probability: 0.2), data: main, symbology: "UPCA", &r)
            return (s, a, .linear)
        case "upce":
            let ns = r.int(in: 0...1)
            let d = digits(6, &r)
            let main = text([ns] + d + [gs1Check(upcEExpansion(ns, d))])
            let (s, a) = eanUPC(
                .upce, main, addOn(&r, probability: 0.15), data: text([ns] + d), symbology: "UPCE", &r)
            return (s, a, .linear)
        case "code128":
            var bytes = randomBytes(&r, maxCount: 24).map { $0 & 0x7F }
            if bytes.contains(where: { $0 < 0x20 }) && r.chance(0.5) { bytes = bytes.map { max($0, 0x20) } }
            return (.encoder(.code128, .bytes(bytes), EncodeOptions()), [.init(.code128, bytes)], .linear)
        case "code39":
            if r.chance(0.3) {
                // Full ASCII: zint writes shift pairs, the reader (auto) decodes them.
                let bytes = (0..<r.int(in: 1...12)).map { _ in UInt8(r.int(in: 0x20...0x7E)) }
                return (
                    .zint(symbology: "EXCODE39", arguments: [], data: escaped(bytes)),
                    [.init(.code39, bytes)], .linear
                )
            }
            let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. ")
            let chars = (0..<r.int(in: 1...16)).map { _ in r.pick(alphabet) }
            var accepted = [StressCase.Expected(.code39, String(chars))]
            if let c32 = code32Value(chars) { accepted.append(.init(.code32, c32)) }
            return (
                .zint(symbology: "CODE39", arguments: [], data: escaped(Array(String(chars).utf8))),
                accepted, .linear
            )
        case "code32":
            let d = digits(8, &r)
            let check = code32Check(d)
            var value = 0
            for x in d + [check] { value = value * 10 + x }
            var chars: [Character] = []
            for _ in 0..<6 {
                chars.insert(code32Alphabet[value % 32], at: 0)
                value /= 32
            }
            return (
                .zint(symbology: "CODE32", arguments: [], data: text(d)),
                [.init(.code32, "A" + text(d + [check])), .init(.code39, String(chars))], .linear
            )
        case "code93":
            let bytes = (0..<r.int(in: 1...16)).map { _ in UInt8(r.int(in: 0x20...0x7E)) }
            return (.zint(symbology: "CODE93", arguments: [], data: escaped(bytes)), [.init(.code93, bytes)], .linear)
        case "codabar":
            let ends = Array("ABCD")
            let body = (0..<r.int(in: 3...16)).map { _ in r.pick(Array("0123456789-$:/.+")) }
            let value = String(r.pick(ends)) + String(body) + String(r.pick(ends))
            return (
                .zint(symbology: "CODABAR", arguments: [], data: escaped(Array(value.utf8))),
                [.init(.codabar, value)], .linear
            )
        case "itf":
            if r.chance(0.15) {
                let body = digits(13, &r)
                return (
                    .zint(symbology: "ITF14", arguments: [], data: text(body)),
                    [.init(.itf, text(body + [gs1Check(body)]))], .linear
                )
            }
            let d = text(digits(2 * r.int(in: 3...12), &r))
            return (.zint(symbology: "C25INTER", arguments: [], data: d), [.init(.itf, d)], .linear)
        case "qrcode":
            let bytes = randomBytes(&r, maxCount: 80)
            if r.chance(0.5) {
                var o = EncodeOptions()
                o.errorCorrectionLevel = r.pick(["L", "M", "Q", "H"])
                return (.encoder(.qrcode, .bytes(bytes), o), [.init(.qrcode, bytes)], .matrix)
            }
            return (
                .zint(
                    symbology: "QRCODE", arguments: ["--binary", "--secure=\(r.int(in: 1...4))"],
                    data: escaped(bytes)), [.init(.qrcode, bytes)], .matrix
            )
        case "datamatrix":
            let bytes = randomBytes(&r, maxCount: 60)
            let shape = r.pick([["--square"], [], ["--dmre"]])
            return (
                .zint(symbology: "DATAMATRIX", arguments: ["--binary"] + shape, data: escaped(bytes)),
                [.init(.datamatrix, bytes)], .matrix
            )
        case "pdf417":
            let bytes = randomBytes(&r, maxCount: 80)
            let symbology = r.chance(0.3) ? "PDF417COMP" : "PDF417"
            let arguments = ["--binary", "--secure=\(r.int(in: 1...5))", "--cols=\(r.pick([2, 3, 4, 6, 8]))"]
            return (
                .zint(symbology: symbology, arguments: arguments, data: escaped(bytes)),
                [.init(.pdf417, bytes)], .stacked
            )
        default:  // aztec
            if r.chance(0.1) {
                let v = r.int(in: 0...255)
                return (
                    .zint(symbology: "AZRUNE", arguments: [], data: String(v)),
                    [.init(.aztec, String(v).leftPadded(to: 3))], .matrix
                )
            }
            let bytes = randomBytes(&r, maxCount: 80)
            return (
                .zint(
                    symbology: "AZTEC", arguments: ["--binary", "--secure=\(r.int(in: 1...4))"],
                    data: escaped(bytes)), [.init(.aztec, bytes)], .matrix
            )
        }
    }

    static let code32Alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ")

    /// The Code 32 check digit (odd positions as they are, even positions doubled and their digits summed).
    static func code32Check(_ d: [Int]) -> Int {
        var sum = 0
        for (i, x) in d.enumerated() { sum += i % 2 == 0 ? x : (2 * x) / 10 + (2 * x) % 10 }
        return sum % 10
    }

    /// `A` and 9 digits when 6 Code 39 characters are a Code 32 value.
    static func code32Value(_ chars: [Character]) -> String? {
        guard chars.count == 6 else { return nil }
        var v = 0
        for c in chars {
            guard let k = code32Alphabet.firstIndex(of: c) else { return nil }
            v = v * 32 + k
        }
        guard v < 1_000_000_000 else { return nil }
        let d = String(v).leftPadded(to: 9).compactMap(\.wholeNumberValue)
        return code32Check(Array(d[0..<8])) == d[8] ? "A" + text(d) : nil
    }

    // MARK: Scenes

    static func scene(_ kind: StressModules.Kind, _ r: inout StressRandom) -> StressScene {
        let rotation: Double
        switch r.int(in: 0...19) {
        case 0...11: rotation = 0
        case 12...13: rotation = 180
        case 14: rotation = r.pick([90, 270])
        case 15...17: rotation = r.double(in: -8...8)
        default: rotation = r.double(in: 0...360)
        }
        let moduleSize: Double, barHeight: Double, quiet: Double
        switch kind {
        case .linear:
            moduleSize = r.double(in: 1.4...4)
            barHeight = r.double(in: 12...50)
            quiet = r.double(in: 10...16)
        case .stacked:
            moduleSize = r.double(in: 1.5...4)
            barHeight = r.double(in: 2.5...4)
            quiet = r.double(in: 2...6)
        case .matrix:
            moduleSize = r.double(in: 1.6...5)
            barHeight = 1
            quiet = r.double(in: 2...6)
        }
        let dark = r.double(in: 0...90), light = r.double(in: 160...255)
        var damages: [StressDamage] = []
        let count = r.pick([0, 1, 1, 1, 2, 2, 3])
        for _ in 0..<count {
            switch r.int(in: 0...6) {
            case 0:
                damages.append(
                    .cut(
                        at: r.double(in: 0.05...0.95), angle: r.double(in: 0...180),
                        width: r.double(in: 0.3...3)))
            case 1:
                damages.append(
                    .occlude(
                        x: r.double(in: 0...1), y: r.double(in: 0...1),
                        width: r.double(in: 0.05...0.4), height: r.double(in: 0.05...0.4),
                        grey: r.double(in: 0...255)))
            case 2: damages.append(.blur(sigma: r.double(in: 0.2...0.9)))
            case 3: damages.append(.noise(sigma: r.double(in: 3...35)))
            case 4:
                damages.append(
                    .glare(
                        at: r.double(in: 0...1), angle: r.double(in: 0...180),
                        width: r.double(in: 2...12), strength: r.double(in: 60...230)))
            case 5: damages.append(.scale(r.double(in: max(0.35, 1.1 / moduleSize)...0.9)))
            default:
                // Cut through by the image border; a linear symbol also just touching it (a negative
                // share crops the quiet zone only): the border is its quiet zone then.
                let share = kind == .linear ? r.double(in: -0.15...0.4) : r.double(in: 0.05...0.4)
                damages.append(.crop(side: r.int(in: 0...3), share: share))
            }
        }
        return StressScene(
            moduleSize: moduleSize, barHeight: barHeight, quietZone: quiet, rotation: rotation, dark: dark,
            light: light, damages: damages)
    }
}

extension String {
    /// Padded on the left with zeros to `n` characters.
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
