import ScanCore

/// Splits a payload into the mode segments that give the shortest bit stream (ISO/IEC 18004:2015 §7.4;
/// the standard's informative annex on bit stream optimisation gives rules of thumb, this search is exact).
///
/// ```swift
/// QRSegmenter.segments(Array("ABC12345678901234".utf8), versionRange: 0)
/// // [alphanumeric "ABC", numeric "12345678901234"]
/// ```
///
/// Dynamic programming over the bytes: a state is the mode of the segment still open and, for numeric
/// and alphanumeric, how many characters it holds modulo 3 or 2, which fixes the exact cost of the next
/// character (numeric: 4, 3, 3 bits for the first, second, third digit of a group; alphanumeric: 6, 5).
/// Opening a segment costs its mode indicator and its character count indicator, whose length depends
/// on the version range (Table 3), so the search runs per range. Every byte may go in byte mode; digits
/// also numeric; Table 5 characters also alphanumeric; Shift_JIS Kanji characters also Kanji when
/// `kanji` is set. Cost: O(bytes × 7 states).
public enum QRSegmenter {
    /// States: numeric with 0/1/2 digits mod 3, alphanumeric with 0/1 mod 2, byte, Kanji.
    private static let stateCount = 7
    private static let byteState = 5, kanjiState = 6

    private static func mode(ofState s: Int) -> QRMode {
        s < 3 ? .numeric : (s < 5 ? .alphanumeric : (s == byteState ? .byte : .kanji))
    }

    /// The cheapest segments for `bytes` in symbols of version range `versionRange` (Table 3 column:
    /// 0 for versions 1–9, 1 for 10–26, 2 for 27–40). `gs1`: GS (0x1D) stands for FNC1, which numeric mode
    /// cannot hold, alphanumeric writes as `%` (and a literal `%` as `%%`), byte mode as GS. `kanji`: allow
    /// Kanji mode for Shift_JIS double bytes.
    public static func segments(_ bytes: [UInt8], versionRange: Int, gs1: Bool = false, kanji: Bool = false)
        -> [QRSegment]
    {
        let n = bytes.count
        guard n > 0 else { return [] }
        let inf = Int.max / 4
        func header(_ m: QRMode) -> Int { 4 + m.characterCountBits(versionRange: versionRange) }
        // cost[i][s]: fewest bits for bytes[0..<i] ending in state s; from[i][s]: the previous (i, s),
        // s = -1 for the start.
        var cost = [[Int]](repeating: [Int](repeating: inf, count: stateCount), count: n + 1)
        var from = [[(Int, Int)]](repeating: [(Int, Int)](repeating: (-1, -1), count: stateCount), count: n + 1)
        func relax(_ i: Int, _ s: Int, _ c: Int, _ pi: Int, _ ps: Int) {
            if c < cost[i][s] {
                cost[i][s] = c
                from[i][s] = (pi, ps)
            }
        }
        for i in 0..<n {
            // (cost, state) pairs we can stand in before byte i.
            let starts: [(Int, Int)] =
                i == 0
                ? [(0, -1)]
                : (0..<stateCount).compactMap { s in
                    cost[i][s] < inf ? (cost[i][s], s) : nil
                }
            let b = bytes[i]
            let isDigit = b >= 0x30 && b <= 0x39
            let alphaWeight: Int? =
                gs1 && b == GS1ElementSyntax.separator
                ? 1 : (gs1 && b == UInt8(ascii: "%") ? 2 : (QRSegment.alphanumericValue(b) != nil ? 1 : nil))
            let kanjiPair = kanji && i + 1 < n && QRSegment.isKanjiCharacter(b, bytes[i + 1])
            for (c, s) in starts {
                if isDigit {
                    if s >= 0 && s < 3 {
                        relax(i + 1, (s + 1) % 3, c + (s == 0 ? 4 : 3), i, s)
                    } else {
                        relax(i + 1, 1, c + header(.numeric) + 4, i, s)
                    }
                }
                if let w = alphaWeight {
                    var residue = s == 3 || s == 4 ? s - 3 : 0
                    var add = s == 3 || s == 4 ? 0 : header(.alphanumeric)
                    for _ in 0..<w {
                        add += residue == 0 ? 6 : 5
                        residue ^= 1
                    }
                    relax(i + 1, 3 + residue, c + add, i, s)
                }
                relax(i + 1, byteState, c + (s == byteState ? 8 : header(.byte) + 8), i, s)
                if kanjiPair {
                    relax(i + 2, kanjiState, c + (s == kanjiState ? 13 : header(.kanji) + 13), i, s)
                }
            }
        }
        // Walk back from the cheapest final state, noting each byte's mode. A transition from a state of
        // the same mode always continues its segment, so segments are the runs of equal modes.
        var best = 0
        for s in 1..<stateCount where cost[n][s] < cost[n][best] { best = s }
        var modes = [QRMode](repeating: .byte, count: n)
        var i = n
        var s = best
        while i > 0 {
            let (pi, ps) = from[i][s]
            for k in pi..<i { modes[k] = mode(ofState: s) }
            i = pi
            s = ps
        }
        var out: [QRSegment] = []
        var start = 0
        for k in 1...n where k == n || modes[k] != modes[start] {
            out += split(
                QRSegment(mode: modes[start], bytes: Array(bytes[start..<k])), versionRange: versionRange, gs1: gs1)
            start = k
        }
        return out
    }

    /// The fewest bits `segments` take in a symbol of version range `versionRange` (headers included).
    public static func bitCount(_ segments: [QRSegment], versionRange: Int, gs1: Bool = false) -> Int {
        segments.reduce(0) {
            $0 + 4 + $1.mode.characterCountBits(versionRange: versionRange)
                + QRSegment.dataBits($1.mode, count: $1.characterCount(gs1: gs1))
        }
    }

    /// Splits a segment whose character count would overflow its count indicator (only possible for
    /// payloads too long for the range anyway).
    private static func split(_ segment: QRSegment, versionRange: Int, gs1: Bool) -> [QRSegment] {
        let limit = (1 << segment.mode.characterCountBits(versionRange: versionRange)) - 1
        guard segment.characterCount(gs1: gs1) > limit else { return [segment] }
        let unit = segment.mode == .kanji ? 2 : 1
        let take = segment.mode == .alphanumeric && gs1 ? limit / 2 : limit
        var out: [QRSegment] = []
        var k = 0
        while k < segment.bytes.count {
            let end = min(segment.bytes.count, k + take * unit)
            out.append(QRSegment(mode: segment.mode, bytes: Array(segment.bytes[k..<end])))
            k = end
        }
        return out
    }
}
