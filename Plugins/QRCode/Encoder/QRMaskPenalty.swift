import ScanCore

/// The four penalty rules a generator scores each masked symbol by, choosing the mask with the lowest
/// total (ISO/IEC 18004:2015 §7.8.3.1, Table 11). Scores are over the whole symbol, function patterns and
/// format information included; modules outside the symbol count as light (the quiet zone).
///
/// ```swift
/// QRMaskPenalty.total(matrix)   // N1 + N2 + N3 + N4 scores
/// ```
public enum QRMaskPenalty {
    /// Weights of Table 11.
    public static let n1 = 3, n2 = 3, n3 = 40, n4 = 10

    /// The sum of the four rules.
    public static func total(_ m: BitMatrix) -> Int {
        adjacentRuns(m) + blocks(m) + finderLikePatterns(m) + darkProportion(m)
    }

    /// Rule 1: every run of 5 + i modules of one colour in a row or a column scores N1 + i.
    public static func adjacentRuns(_ m: BitMatrix) -> Int {
        var score = 0
        func line(_ count: Int, _ at: (Int) -> UInt8) {
            var run = 1
            for k in 1...count {
                if k < count && at(k) == at(k - 1) {
                    run += 1
                } else {
                    if run >= 5 { score += n1 + run - 5 }
                    run = 1
                }
            }
        }
        for y in 0..<m.height { line(m.width) { m.bits[y * m.width + $0] } }
        for x in 0..<m.width { line(m.height) { m.bits[$0 * m.width + x] } }
        return score
    }

    /// Rule 2: a block of m × n modules of one colour scores N2 × (m − 1) × (n − 1); counted as N2 for
    /// every 2 × 2 square of one colour, which adds up to the same over overlapping blocks.
    public static func blocks(_ m: BitMatrix) -> Int {
        guard m.width >= 2 && m.height >= 2 else { return 0 }
        var score = 0
        for y in 0..<(m.height - 1) {
            for x in 0..<(m.width - 1) {
                let v = m.bits[y * m.width + x]
                if m.bits[y * m.width + x + 1] == v && m.bits[(y + 1) * m.width + x] == v
                    && m.bits[(y + 1) * m.width + x + 1] == v
                {
                    score += n2
                }
            }
        }
        return score
    }

    /// Rule 3: each 1:1:3:1:1 (dark, light, dark, light, dark) pattern in a row or a column with four
    /// light modules before or after it scores N3.
    public static func finderLikePatterns(_ m: BitMatrix) -> Int {
        var score = 0
        let pattern: [UInt8] = [1, 0, 1, 1, 1, 0, 1]
        func line(_ count: Int, _ at: (Int) -> UInt8) {
            func light(_ from: Int, _ to: Int) -> Bool {  // [from, to), outside the symbol is light
                for k in max(0, from)..<min(count, to) where at(k) != 0 { return false }
                return true
            }
            guard count >= 7 else { return }
            for start in 0...(count - 7) {
                var match = true
                for k in 0..<7 where at(start + k) != pattern[k] {
                    match = false
                    break
                }
                if match && (light(start - 4, start) || light(start + 7, start + 11)) { score += n3 }
            }
        }
        for y in 0..<m.height { line(m.width) { m.bits[y * m.width + $0] } }
        for x in 0..<m.width { line(m.height) { m.bits[$0 * m.width + x] } }
        return score
    }

    /// Rule 4: N4 × k when the share of dark modules differs from 50 % by at least 5k % and less than
    /// 5(k + 1) %.
    public static func darkProportion(_ m: BitMatrix) -> Int {
        let total = m.width * m.height
        guard total > 0 else { return 0 }
        let dark = m.bits.reduce(0) { $0 + Int($1) }
        return n4 * (abs(20 * dark - 10 * total) / total)
    }
}
