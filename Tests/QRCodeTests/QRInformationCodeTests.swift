import Testing

@testable import QRCode

/// The format information's lookup table answers as comparing every reading with every valid word does.
struct QRInformationCodeTests {
    /// The nearest valid word by comparing with all of them: the first reading at the smallest distance.
    static func bruteNearest(_ readings: [Int], _ codewords: [Int]) -> Int? {
        var best = (distance: Int.max, index: 0)
        for reading in readings {
            for (index, word) in codewords.enumerated() {
                let d = (reading ^ word).nonzeroBitCount
                if d < best.distance { best = (d, index) }
            }
        }
        return best.distance <= 3 ? best.index : nil
    }

    @Test func tableMatchesEveryWordComparedForEverySingleReading() {
        let words = QRFormatInformation.codewords
        var near = 0
        for r in 0..<(1 << 15) {
            let table = QRInformationCode.nearest([r], among: words, table: QRFormatInformation.nearest)
            #expect(table == Self.bruteNearest([r], words), "reading \(r)")
            #expect(QRFormatInformation.isConfident([r]) == QRInformationCode.isConfident([r], among: words))
            if table != nil { near += 1 }
        }
        // 32 words × 576 readings within 3 bit errors, none shared (minimum distance 7).
        #expect(near == 32 * 576)
    }

    @Test func tableMatchesEveryWordComparedForPairsOfReadings() {
        let words = QRFormatInformation.codewords
        var state: UInt64 = 18004
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 49)  // 15 bits
        }
        var confident = 0
        for trial in 0..<5_000 {
            var a = next(), b = next()
            // Near a valid word often, so that every branch is taken.
            if trial % 2 == 0 { a = words[trial % 32] ^ (1 << (trial % 15)) }
            if trial % 3 == 0 { b = words[(trial / 3) % 32] ^ (trial % 5 == 0 ? 0 : 1 << (trial % 13)) }
            for readings in [[a, b], [b, a], [a, b, a ^ 1], [1 << 15 | a, b]] {
                let table = QRFormatInformation.isConfident(readings)
                #expect(table == QRInformationCode.isConfident(readings, among: words), "\(readings)")
                #expect(
                    QRInformationCode.nearest(readings, among: words, table: QRFormatInformation.nearest)
                        == Self.bruteNearest(readings, words), "\(readings)")
                if table { confident += 1 }
            }
        }
        #expect(confident > 1_200)
        #expect(!QRFormatInformation.isConfident([]))
    }
}
