/// The 15-bit format information: error-correction level and data mask (ISO/IEC 18004:2015 §7.9.1).
///
/// Five data bits (two for the level, Table 12; three for the mask, Table 10) extended by a (15, 5) BCH
/// code with generator G(x) = x^10 + x^8 + x^5 + x^4 + x^2 + x + 1 (0x537), then XORed with
/// 101010000010010 (0x5412) so that no valid word is all zero. The code's minimum distance is 7: up to 3
/// bit errors are corrected by choosing the nearest of the 32 valid words (Annex C.2).
public struct QRFormatInformation: Sendable, Equatable {
    public let level: QRErrorCorrectionLevel
    /// Data mask pattern reference 0…7 (Table 10).
    public let mask: Int

    static let generator = 0x537
    static let xorMask = 0x5412

    /// The masked 15-bit word for `data` (five bits: level bits then mask bits).
    static func encode(_ data: Int) -> Int {
        var remainder = data << 10
        for bit in stride(from: 14, through: 10, by: -1) where remainder & (1 << bit) != 0 {
            remainder ^= generator << (bit - 10)
        }
        return ((data << 10) | remainder) ^ xorMask
    }

    /// All 32 valid masked words, indexed by their five data bits.
    static let codewords: [Int] = (0..<32).map(encode)

    /// Decodes the best of the given 15-bit readings (bit 14 first as read from the symbol): the valid
    /// word nearest to any of them, if within 3 bit errors. Returns `nil` otherwise.
    public static func decode(_ readings: some Collection<Int>) -> QRFormatInformation? {
        guard let data = QRInformationCode.nearest(readings, among: codewords, table: nearest) else { return nil }
        return QRFormatInformation(level: QRErrorCorrectionLevel(formatBits: data >> 3), mask: data & 7)
    }

    /// Every 15-bit reading's valid word within 3 bit errors (``QRInformationCode/nearestTable(_:bits:)``).
    static let nearest = QRInformationCode.nearestTable(codewords, bits: 15)

    /// True when the two copies (`readings`, as for ``decode(_:)``) make a clear case for a QR symbol: one
    /// reads as a valid word without error, or both lie within 3 bit errors of the same valid word.
    /// Random modules (noise, texture under a chance finder triple) pass ``decode(_:)`` about half the
    /// time (32 words × 576 readings within distance 3 of each, of 2^15), this test about 1 % of the time;
    /// a symbol sampled well near its finder patterns passes it.
    public static func isConfident(_ readings: [Int]) -> Bool {
        QRInformationCode.isConfident(readings, among: codewords, table: nearest)
    }

    /// ``isConfident(_:)`` with at most 3 bit errors in all when neither copy is exact: for the readings a
    /// finder triple shows before any grid is fitted. Texture under a chance triple is not random: its two
    /// copies, sampled at mirrored places beside the patterns, are often alike, and then lie within 3 errors
    /// of one word together. Of the triples that passed ``isConfident(_:)`` on the QR Code images of the
    /// corpora and on no-code frames, those that decoded had 0–3 errors in all 433 times and more 14
    /// times; those that did not decode had more 366 times.
    static func isClearBeforeGrid(_ readings: some Collection<Int>) -> Bool {
        QRInformationCode.isConfident(readings, among: codewords, table: nearest, totalErrors: 3)
    }

    public init(level: QRErrorCorrectionLevel, mask: Int) {
        self.level = level
        self.mask = mask
    }

    /// The masked 15-bit word for this level and mask.
    public var word: Int { QRFormatInformation.encode(level.formatBits << 3 | mask) }

    /// Module positions (x = column, y = row) of the two copies, for bits 14 down to 0 (§7.9.1,
    /// Figure 25). Copy 1 surrounds the top-left finder; copy 2 is split between the bottom-left
    /// (bits 14…8) and top-right (bits 7…0) finders.
    static func positions(dimension n: Int) -> (first: [(Int, Int)], second: [(Int, Int)]) {
        var first: [(Int, Int)] = []
        for x in [0, 1, 2, 3, 4, 5, 7, 8] { first.append((x, 8)) }  // bits 14…7
        for y in [7, 5, 4, 3, 2, 1, 0] { first.append((8, y)) }  // bits 6…0
        var second: [(Int, Int)] = []
        for k in 0..<7 { second.append((8, n - 1 - k)) }  // bits 14…8
        for k in 0..<8 { second.append((n - 8 + k, 8)) }  // bits 7…0
        return (first, second)
    }

    /// Reads both copies from a module grid (`modules(x, y)` true = dark), bit 14 first.
    static func readings(dimension n: Int, _ modules: (Int, Int) -> Bool) -> [Int] {
        let (a, b) = positions(dimension: n)
        func read(_ ps: [(Int, Int)]) -> Int { ps.reduce(0) { ($0 << 1) | (modules($1.0, $1.1) ? 1 : 0) } }
        return [read(a), read(b)]
    }
}
