import ScanCore

/// Draws a symbol's function patterns (ISO/IEC 18004:2015 §6.3): finder patterns with their light
/// separators, timing patterns, alignment patterns, the dark module, and the format (§7.9) and version
/// (§7.10) information. The module grid is `version.dimension` square, x = column, y = row, origin top
/// left, 1 = dark.
public enum QRFunctionPatterns {
    /// The function patterns of `version` with format information for `level` and `mask`; data modules
    /// light. Areas match ``QRVersion/functionPatternMask()``.
    public static func draw(_ version: QRVersion, level: QRErrorCorrectionLevel, mask: Int) -> BitMatrix {
        let n = version.dimension
        var m = BitMatrix(width: n, height: n)
        // Finder patterns (§6.3.3): 7 × 7 dark ring, light ring, 3 × 3 dark centre.
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = max(abs(x - 3), abs(y - 3))
                    m[ox + x, oy + y] = ring != 2
                }
            }
        }
        // Timing patterns (§6.3.5): row 6 and column 6, dark on even coordinates.
        for k in 8..<(n - 8) {
            m[k, 6] = k % 2 == 0
            m[6, k] = k % 2 == 0
        }
        // Alignment patterns (§6.3.6, Annex E): 5 × 5 dark ring, light ring, dark centre; none over a finder.
        let c = version.alignmentCenters
        for (i, cy) in c.enumerated() {
            for (j, cx) in c.enumerated() {
                let nearFinder = (i == 0 && j == 0) || (i == 0 && j == c.count - 1) || (i == c.count - 1 && j == 0)
                if nearFinder { continue }
                for dy in -2...2 {
                    for dx in -2...2 { m[cx + dx, cy + dy] = max(abs(dx), abs(dy)) != 1 }
                }
            }
        }
        // The dark module (§7.9.1): column 8, row 4V + 9.
        m[8, 4 * version.number + 9] = true
        drawFormatInformation(&m, level: level, mask: mask)
        if version.number >= 7 {
            let word = QRVersionInformation.encode(version.number)
            for k in 0..<18 {
                let p = QRVersionInformation.position(bit: k, dimension: n)
                let dark = (word >> k) & 1 == 1
                m[p.topRight.0, p.topRight.1] = dark
                m[p.bottomLeft.0, p.bottomLeft.1] = dark
            }
        }
        return m
    }

    /// Writes both copies of the format information for `level` and `mask` (bit 14 first, §7.9.1).
    public static func drawFormatInformation(_ m: inout BitMatrix, level: QRErrorCorrectionLevel, mask: Int) {
        let word = QRFormatInformation(level: level, mask: mask).word
        let (first, second) = QRFormatInformation.positions(dimension: m.width)
        for (k, p) in first.enumerated() { m[p.0, p.1] = (word >> (14 - k)) & 1 == 1 }
        for (k, p) in second.enumerated() { m[p.0, p.1] = (word >> (14 - k)) & 1 == 1 }
    }
}
