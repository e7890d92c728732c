/// The 18-bit version information of versions 7…40 (ISO/IEC 18004:2015 §7.10).
///
/// Six data bits (the version number) extended by an (18, 6) Golay/BCH code with generator
/// G(x) = x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1 (0x1F25); no mask. Minimum distance 8: up to 3 bit
/// errors are corrected by choosing the nearest valid word (Annex D). Two copies: a 6 × 3 block above the
/// bottom-left finder and a 3 × 6 block left of the top-right finder; bit 0 (least significant) is at
/// the block corner nearest the symbol's top-left.
public enum QRVersionInformation {
    static let generator = 0x1F25

    /// The 18-bit word for `version` (7…40).
    static func encode(_ version: Int) -> Int {
        var remainder = version << 12
        for bit in stride(from: 17, through: 12, by: -1) where remainder & (1 << bit) != 0 {
            remainder ^= generator << (bit - 12)
        }
        return (version << 12) | remainder
    }

    static let codewords: [Int] = (7...40).map(encode)

    /// The version whose word is nearest to any reading, within 3 bit errors; `nil` otherwise.
    public static func decode(_ readings: [Int]) -> Int? {
        var best = (distance: Int.max, version: 0)
        for reading in readings {
            for (i, word) in codewords.enumerated() {
                let d = (reading ^ word).nonzeroBitCount
                if d < best.distance { best = (d, i + 7) }
            }
        }
        return best.distance <= 3 ? best.version : nil
    }

    /// Module positions (x = column, y = row) of bit k (0…17) in the two copies.
    static func position(bit k: Int, dimension n: Int) -> (topRight: (Int, Int), bottomLeft: (Int, Int)) {
        ((n - 11 + k % 3, k / 3), (k / 3, n - 11 + k % 3))
    }

    /// Reads both copies (`modules(x, y)` true = dark).
    /// True when both copies (`readings`, as for ``decode(_:)``) lie within 3 bit errors of the same valid
    /// word, or one is a valid word without error: random modules pass ``decode(_:)`` about one time in
    /// seven (34 words × 988 readings within distance 3 of each, of 2^18), this test about one in 2000.
    static func isConfident(_ readings: [Int]) -> Bool {
        QRInformationCode.isConfident(readings, among: codewords)
    }

    static func readings(dimension n: Int, _ modules: (Int, Int) -> Bool) -> [Int] {
        var a = 0, b = 0
        for k in 0..<18 {
            let p = position(bit: k, dimension: n)
            if modules(p.topRight.0, p.topRight.1) { a |= 1 << k }
            if modules(p.bottomLeft.0, p.bottomLeft.1) { b |= 1 << k }
        }
        return [a, b]
    }
}
