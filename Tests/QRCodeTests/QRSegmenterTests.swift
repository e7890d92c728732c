import ScanCore
import Testing

@testable import QRCode

/// The mode segmentation is the shortest bit stream: checked against a search over every split into
/// segments (a different formulation: by whole segments rather than per-character states).
struct QRSegmenterTests {
    @Test func knownSplits() {
        let bytes = Array("ABC12345678901234".utf8)
        #expect(
            QRSegmenter.segments(bytes, versionRange: 0) == [
                QRSegment(mode: .alphanumeric, bytes: Array("ABC".utf8)),
                QRSegment(mode: .numeric, bytes: Array("12345678901234".utf8)),
            ])
        // Alphanumeric 3 chars + numeric 14 digits: (4 + 9 + 17) + (4 + 10 + 47) bits.
        #expect(QRSegmenter.bitCount(QRSegmenter.segments(bytes, versionRange: 0), versionRange: 0) == 91)
        // A short digit run inside letters stays alphanumeric; lower case forces byte mode.
        #expect(QRSegmenter.segments(Array("AB12CD".utf8), versionRange: 0).map(\.mode) == [.alphanumeric])
        #expect(QRSegmenter.segments(Array("ab12cd".utf8), versionRange: 0).map(\.mode) == [.byte])
        // Shift_JIS Kanji pairs (点茗) go to Kanji mode when allowed.
        let kanji: [UInt8] = [0x93, 0x5F, 0xE4, 0xAA]
        #expect(QRSegmenter.segments(kanji, versionRange: 0, kanji: true).map(\.mode) == [.kanji])
        #expect(QRSegmenter.segments(kanji, versionRange: 0, kanji: false).map(\.mode) == [.byte])
        // Pairs in the Kanji ranges that are no Shift_JIS character (85 86 87 88) stay bytes.
        #expect(QRSegmenter.segments([0x85, 0x86, 0x87, 0x88], versionRange: 0, kanji: true).map(\.mode) == [.byte])
        // Under FNC1, GS is an alphanumeric '%' and a literal '%' takes two characters.
        let gs1 = QRSegmenter.segments(Array("10AB".utf8) + [0x1D] + Array("21C%".utf8), versionRange: 0, gs1: true)
        #expect(gs1.map(\.mode) == [.alphanumeric])
        #expect(gs1.first?.characterCount(gs1: true) == 10)
    }

    /// The fewest bits over every split of `bytes` into segments of one valid mode each.
    func bruteForce(_ bytes: [UInt8], range r: Int, gs1: Bool, kanji: Bool) -> Int {
        let n = bytes.count
        var best = [Int](repeating: Int.max / 2, count: n + 1)
        best[0] = 0
        for i in 0..<n {
            for j in (i + 1)...n {
                let part = Array(bytes[i..<j])
                for mode in [QRMode.numeric, .alphanumeric, .byte, .kanji] {
                    let s = QRSegment(mode: mode, bytes: part)
                    let valid: Bool
                    switch mode {
                    case .numeric: valid = part.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                    case .alphanumeric:
                        valid = part.allSatisfy { QRSegment.alphanumericValue($0) != nil || (gs1 && $0 == 0x1D) }
                    case .kanji:
                        valid =
                            kanji && part.count % 2 == 0
                            && stride(from: 0, to: part.count, by: 2).allSatisfy {
                                QRSegment.isKanjiCharacter(part[$0], part[$0 + 1])
                            }
                    default: valid = true
                    }
                    guard valid else { continue }
                    let bits =
                        4 + mode.characterCountBits(versionRange: r)
                        + QRSegment.dataBits(mode, count: s.characterCount(gs1: gs1))
                    best[j] = min(best[j], best[i] + bits)
                }
            }
        }
        return best[n]
    }

    @Test func matchesExhaustiveSearchOnRandomInputs() {
        var rng = SplitMix64(seed: 77)
        let pieces: [[UInt8]] = [
            Array("0123456789".utf8), Array("ABCXYZ $%*+-./:".utf8), Array("abcxyz!?".utf8), [0x1D],
            [0x93, 0x5F, 0xE4, 0xAA, 0x88, 0x9F],
        ]
        for trial in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let pool = pieces.randomElement(using: &rng) ?? pieces[0]
                let start = Int.random(in: 0..<pool.count, using: &rng)
                bytes += pool[start..<min(pool.count, start + Int.random(in: 1...6, using: &rng))]
            }
            let r = trial % 3, gs1 = trial % 4 == 1, kanji = trial % 2 == 0
            let segments = QRSegmenter.segments(bytes, versionRange: r, gs1: gs1, kanji: kanji)
            #expect(segments.flatMap(\.bytes) == bytes)
            #expect(
                QRSegmenter.bitCount(segments, versionRange: r, gs1: gs1)
                    == bruteForce(bytes, range: r, gs1: gs1, kanji: kanji), "\(bytes) range \(r) gs1 \(gs1)")
        }
    }
}
