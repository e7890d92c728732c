import Testing

@testable import ScanCore

/// Run extraction (eight pixels at a time) against a pixel-by-pixel count, and the complement.
struct BitMatrixRunsTests {
    /// Runs counted one pixel at a time: light first, adding up to the count.
    static func reference(_ values: [UInt8]) -> [Int] {
        var runs: [Int] = []
        var current: UInt8 = 0
        var length = 0
        for v in values {
            if v == current {
                length += 1
            } else {
                runs.append(length)
                current = v
                length = 1
            }
        }
        runs.append(length)
        return runs
    }

    /// Rows of every width 0…40 and 1283, with long and one-pixel runs, starting light and dark, read
    /// whole and over spans; columns over spans.
    @Test func runsMatchPixelByPixelCount() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for width in Array(0...40) + [1283] {
            for pattern in 0..<6 {
                var bits: [UInt8] = []
                var v: UInt8 = pattern % 2 == 0 ? 0 : 1
                while bits.count < width * 2 {
                    // Short runs (1–3 px) for some patterns, long ones (up to 40 px) for others.
                    let length = 1 + Int(next() % (pattern < 2 ? 3 : 40))
                    bits += [UInt8](repeating: v, count: length)
                    v ^= 1
                }
                bits = Array(bits.prefix(width * 2))
                let m = BitMatrix(width: width, height: 2, bits: bits)
                for y in 0..<2 {
                    let row = Array(bits[(y * width)..<((y + 1) * width)])
                    #expect(m.rowRuns(y) == Self.reference(row), "width \(width) pattern \(pattern) row \(y)")
                    // Into a buffer left over from a longer row: only its first n entries count.
                    var buffer = [Int](repeating: 99, count: 2 * width + 3)
                    let n = m.rowRuns(y, in: 0..<width, into: &buffer)
                    #expect(Array(buffer[0..<n]) == Self.reference(row), "width \(width) pattern \(pattern) row \(y)")
                    if width >= 4 {
                        let xs = 1..<(width - 2)
                        #expect(m.rowRuns(y, in: xs) == Self.reference(Array(row[xs])))
                        var fresh: [Int] = []
                        let k = m.rowRuns(y, in: xs, into: &fresh)
                        #expect(Array(fresh[0..<k]) == Self.reference(Array(row[xs])))
                    }
                }
                if width > 0 {
                    #expect(m.columnRuns(width / 2) == Self.reference([bits[width / 2], bits[width + width / 2]]))
                }
                #expect(m.complemented().bits == bits.map { $0 ^ 1 })
            }
        }
    }

    @Test func exactRunsOfASmallRow() {
        let m = BitMatrix(width: 11, height: 1, bits: [1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1])
        #expect(m.rowRuns(0) == [0, 2, 1, 1, 6, 1])
        #expect(m.rowRuns(0, in: 2..<10) == [1, 1, 6])
        #expect(m.complemented().rowRuns(0) == [2, 1, 1, 6, 1])
    }
}
