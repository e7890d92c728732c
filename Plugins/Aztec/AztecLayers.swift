import ScanCore

/// The size of an Aztec symbol and where its data modules lie (ISO/IEC 24778:2008, symbol structure).
///
/// ```swift
/// let s = AztecLayers(compact: false, layers: 5)
/// s.dimension          // 37 (33 data rows and columns, the centre line and two reference-grid lines)
/// s.codewordSize       // 8
/// s.codewordCount      // 120
/// ```
///
/// A compact symbol is 11 + 4·L modules square: the 11 × 11 core (bull's-eye with 2 dark rings around the
/// centre module, then the mode-message ring) and L data layers of 2 modules each. A full-range symbol's
/// data modules form a (14 + 4·L)-square around a 15 × 15 core (3 dark rings) with the reference grid
/// laid through it: rows and columns at 0, ±16, ±32, … modules from the centre hold the grid, not data,
/// so the printed symbol is larger (19 × 19 for 1 layer, 151 × 151 for 32). Runes are compact symbols
/// with no data layer (11 × 11).
///
/// Codewords are 6, 8, 10 or 12 bits for 1–2, 3–8, 9–22 and 23–32 layers (the standard's table of
/// symbol sizes and codeword sizes).
public struct AztecLayers: Sendable, Equatable {
    public let compact: Bool
    /// Data layers, 0 for a rune, 1–4 compact, 1–32 full-range.
    public let layers: Int

    public init(compact: Bool, layers: Int) {
        self.compact = compact
        self.layers = layers
    }

    /// Side of the data-module square, reference grid excluded (the core counts as in the standard's
    /// layout, with its own centre line removed for full-range symbols).
    public var baseDimension: Int { (compact ? 11 : 14) + 4 * layers }

    /// Side of the printed symbol in modules.
    public var dimension: Int {
        if compact { return baseDimension }
        let half = baseDimension / 2
        return 2 * (half + (half - 1) / 15) + 1
    }

    /// Bits per codeword.
    public var codewordSize: Int {
        switch layers {
        case ...2: return 6
        case ...8: return 8
        case ...22: return 10
        default: return 12
        }
    }

    /// The Galois field of the data codewords (primitive polynomials x^6 + x + 1,
    /// x^8 + x^5 + x^3 + x^2 + 1, x^10 + x^3 + 1, x^12 + x^6 + x^5 + x^3 + 1).
    public var field: GaloisField {
        switch codewordSize {
        case 6: return .aztecData6
        case 8: return .aztecData8
        case 10: return .aztecData10
        default: return .aztecData12
        }
    }

    /// Bits in all data layers: (88 + 16·L)·L compact, (112 + 16·L)·L full-range.
    public var totalBits: Int { ((compact ? 88 : 112) + 16 * layers) * layers }

    /// Codewords the layers hold; the first `totalBits % codewordSize` bits are unused.
    public var codewordCount: Int { totalBits / codewordSize }

    /// Ring of the mode message, in modules from the centre (5 compact, 7 full-range).
    public var modeRing: Int { compact ? 5 : 7 }

    /// Index in the printed symbol (row or column) of data-square index `a` (0..<baseDimension), skipping
    /// the centre line and reference-grid lines of a full-range symbol.
    public func symbolIndex(_ a: Int) -> Int {
        if compact { return a }
        let half = baseDimension / 2
        let centre = dimension / 2
        if a < half {
            let i = half - 1 - a
            return centre - (i + 1 + i / 15)
        }
        let i = a - half
        return centre + i + 1 + i / 15
    }

    /// True when row or column `index` of the printed symbol is a reference-grid line (full-range only).
    public func isGridLine(_ index: Int) -> Bool {
        !compact && (index - dimension / 2) % 16 == 0
    }
}
