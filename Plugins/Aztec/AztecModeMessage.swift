import ScanCore

/// The mode message: layer count and data codeword count, protected by its own Reed–Solomon code over
/// GF(16) (ISO/IEC 24778:2008, mode message).
///
/// ```swift
/// let m = AztecModeMessage.decode(bits, compact: true)   // 28 bits as read around the core
/// m?.layers, m?.dataCodewords
/// ```
///
/// Compact symbols: 28 bits = 7 four-bit words, 2 data words (layers − 1 in 2 bits, data codewords − 1
/// in 6 bits) and 5 check words. Full-range symbols: 40 bits = 10 words, 4 data words (layers − 1 in
/// 5 bits, data codewords − 1 in 11 bits) and 6 check words. Generator roots α^1 … α^n, GF(16) over
/// x^4 + x + 1.
///
/// A rune (ISO/IEC 24778:2008, Aztec runes) is an 11 × 11 compact core whose mode message carries an
/// 8-bit value instead, encoded the
/// same way and then inverted in every other bit (XOR 1010…).
///
/// Reader initialisation symbols set the most significant bit of the data-codeword count field, which
/// shows as a count the symbol cannot hold; see ``readerInitialisation``.
public struct AztecModeMessage: Sendable, Equatable {
    public var compact: Bool
    /// Layers (1–4 compact, 1–32 full-range); 0 for a rune.
    public var layers: Int
    /// Data codewords (0 for a rune).
    public var dataCodewords: Int
    /// The rune's value (0–255) when the symbol is a rune.
    public var runeValue: Int?
    /// True for a reader initialisation (programming) symbol.
    public var readerInitialisation: Bool
    /// Mode-message words Reed–Solomon changed.
    public var corrections: Int

    /// The mode message read from `bits` (28 compact, 40 full-range; 0/1 each, in reading order), or
    /// `nil` when its error correction fails. For compact symbols a failed normal reading is retried as
    /// a rune.
    public static func decode(_ bits: [UInt8], compact: Bool) -> AztecModeMessage? {
        let wordCount = compact ? 7 : 10
        let dataWords = compact ? 2 : 4
        guard bits.count == wordCount * 4 else { return nil }
        func words(_ b: [UInt8]) -> [Int] {
            (0..<wordCount).map { i in (0..<4).reduce(0) { ($0 << 1) | Int(b[4 * i + $1]) } }
        }
        let rs = ReedSolomonDecoder(field: .aztecParameters)
        var w = words(bits)
        if let fixed = rs.decode(&w, ecCount: wordCount - dataWords) {
            let value = w[0..<dataWords].reduce(0) { ($0 << 4) | $1 }
            let countBits = compact ? 6 : 11
            let layers = (value >> countBits) + 1
            var count = (value & ((1 << countBits) - 1)) + 1
            // Reader initialisation sets the top bit of the count field; it shows as a count larger than
            // the symbol holds.
            var readerInit = false
            let capacity = AztecLayers(compact: compact, layers: layers).codewordCount
            let top = 1 << (countBits - 1)
            if count >= capacity && count - top < capacity && count > top {
                count -= top
                readerInit = true
            }
            return AztecModeMessage(
                compact: compact, layers: layers, dataCodewords: count, runeValue: nil,
                readerInitialisation: readerInit, corrections: fixed)
        }
        guard compact else { return nil }
        var rune = words(bits.enumerated().map { $0.offset % 2 == 0 ? $0.element ^ 1 : $0.element })
        guard let fixed = rs.decode(&rune, ecCount: wordCount - dataWords) else { return nil }
        return AztecModeMessage(
            compact: true, layers: 0, dataCodewords: 0, runeValue: (rune[0] << 4) | rune[1],
            readerInitialisation: false, corrections: fixed)
    }
}
