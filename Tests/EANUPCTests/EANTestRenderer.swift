import ScanCore

/// A test-only EAN/UPC encoder and renderer, written from the standard's tables (ISO/IEC 15420:2009;
/// GS1 General Specifications §5.2) in their usual bit-string form, independent of the decoder's tables.
enum EANTestRenderer {
    // Number set A ("L") as modules, 1 = bar; set C ("R") is its complement, set B ("G") set C reversed.
    static let setA = [
        "0001101", "0011001", "0010011", "0111101", "0100011",
        "0110001", "0101111", "0111011", "0110111", "0001011",
    ]
    static func setC(_ d: Int) -> String { String(setA[d].map { $0 == "1" ? "0" : "1" }) }
    static func setB(_ d: Int) -> String { String(setC(d).reversed()) }
    static let ean13Parity = [
        "AAAAAA", "AABABB", "AABBAB", "AABBBA", "ABAABB",
        "ABBAAB", "ABBBAA", "ABABAB", "ABABBA", "ABBABA",
    ]
    static let upcE0Parity = [
        "BBBAAA", "BBABAA", "BBAABA", "BBAAAB", "BABBAA",
        "BAABBA", "BAAABB", "BABABA", "BABAAB", "BAABAB",
    ]
    static let addOn5Parity = [
        "BBAAA", "BABAA", "BAABA", "BAAAB", "ABBAA",
        "AABBA", "AAABB", "ABABA", "ABAAB", "AABAB",
    ]

    static func char(_ d: Int, _ set: Character) -> String {
        switch set {
        case "A": return setA[d]
        case "B": return setB(d)
        default: return setC(d)
        }
    }

    static func digits(_ s: String) -> [Int] { s.compactMap { $0.wholeNumberValue } }

    /// GS1 modulo-10 check digit.
    static func check(_ data: [Int]) -> Int {
        var sum = 0
        for (i, d) in data.reversed().enumerated() { sum += i % 2 == 0 ? 3 * d : d }
        return (10 - sum % 10) % 10
    }

    /// Modules of an EAN-13 (13 digits) or UPC-A (12 digits, encoded as EAN-13 with a leading 0).
    static func ean13(_ value: String) -> String {
        var d = digits(value)
        if d.count == 12 { d.insert(0, at: 0) }
        precondition(d.count == 13)
        let parity = Array(ean13Parity[d[0]])
        var m = "101"
        for k in 0..<6 { m += char(d[1 + k], parity[k]) }
        m += "01010"
        for k in 0..<6 { m += char(d[7 + k], "C") }
        return m + "101"
    }

    static func ean8(_ value: String) -> String {
        let d = digits(value)
        precondition(d.count == 8)
        var m = "101"
        for k in 0..<4 { m += char(d[k], "A") }
        m += "01010"
        for k in 4..<8 { m += char(d[k], "C") }
        return m + "101"
    }

    /// UPC-E from its 8 digits (number system, six digits, check digit).
    static func upcE(_ value: String) -> String {
        let d = digits(value)
        precondition(d.count == 8 && d[0] <= 1)
        var parity = Array(upcE0Parity[d[7]])
        if d[0] == 1 { parity = parity.map { $0 == "A" ? "B" : "A" } }
        var m = "101"
        for k in 0..<6 { m += char(d[1 + k], parity[k]) }
        return m + "010101"
    }

    /// An EAN-2 or EAN-5 add-on's modules (without the gap).
    static func addOn(_ value: String) -> String {
        let d = digits(value)
        let parity: [Character]
        if d.count == 2 {
            parity = Array(["AA", "AB", "BA", "BB"][(d[0] * 10 + d[1]) % 4])
        } else {
            let c = (3 * (d[0] + d[2] + d[4]) + 9 * (d[1] + d[3])) % 10
            parity = Array(addOn5Parity[c])
        }
        var m = "1011"
        for (k, x) in d.enumerated() {
            if k > 0 { m += "01" }
            m += char(x, parity[k])
        }
        return m
    }

    /// Where the renderer put the symbol: corners clockwise from its top-left, in image pixels.
    struct Rendered {
        var image: LuminanceImage
        var corners: [Point]
    }

    /// Draws `modules` (plus an add-on after a 9-module gap) dark on light with `quiet` modules of quiet
    /// zone and a margin above and below; then blur (box, along the bars' axis), noise, rotation and
    /// inversion as asked.
    static func render(
        _ modules: String, addOn: String? = nil, module: Int = 3, quiet: Int = 11, barHeight: Int = 60,
        margin: Int = 12, rotations: Int = 0, inverted: Bool = false, noise: Int = 0, blur: Int = 0,
        seed: UInt64 = 1
    ) -> Rendered {
        var bits = modules
        if let addOn { bits += String(repeating: "0", count: 9) + addOn }
        let width = (2 * quiet + bits.count) * module, height = barHeight + 2 * margin
        var px = [UInt8](repeating: 230, count: width * height)
        for (k, b) in bits.enumerated() where b == "1" {
            for y in margin..<(margin + barHeight) {
                for x in ((quiet + k) * module)..<((quiet + k + 1) * module) { px[y * width + x] = 25 }
            }
        }
        if blur > 0 {
            var out = px
            for y in 0..<height {
                for x in 0..<width {
                    var s = 0, n = 0
                    for dx in -blur...blur where x + dx >= 0 && x + dx < width {
                        s += Int(px[y * width + x + dx]); n += 1
                    }
                    out[y * width + x] = UInt8(s / n)
                }
            }
            px = out
        }
        if noise > 0 {
            var rng = SplitMix64(seed: seed)
            for i in px.indices {
                let v = Int(px[i]) + Int(rng.next() % UInt64(2 * noise + 1)) - noise
                px[i] = UInt8(max(0, min(255, v)))
            }
        }
        var image = LuminanceImage(width: width, height: height, pixels: px)
        let x0 = Double(quiet * module), x1 = Double((quiet + bits.count) * module)
        let y0 = Double(margin), y1 = Double(margin + barHeight)
        var corners = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
        for _ in 0..<(rotations % 4) {
            // rotated90Clockwise maps (x, y) to (height − y, x) in continuous coordinates.
            let h = Double(image.height)
            corners = corners.map { Point(h - $0.y, $0.x) }
            image = image.rotated90Clockwise()
        }
        if inverted { image = image.inverted() }
        return Rendered(image: image, corners: corners)
    }
}
