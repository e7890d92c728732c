import Testing

@testable import PDF417

/// The codeword table against the structural rules of ISO/IEC 15438:2015 §5.3 and a few known patterns.
struct PDF417TableTests {
    @Test(arguments: [0, 1, 2]) func clusterRules(cluster: Int) {
        let table = [PDF417CodewordTable.cluster0, PDF417CodewordTable.cluster3, PDF417CodewordTable.cluster6][cluster]
        #expect(table.count == 929)
        #expect(Set(table).count == 929)
        for (value, p) in table.enumerated() {
            let w = PDF417Codewords.widths(ofPattern: Int(p))
            #expect(w.count == 8 && w.reduce(0, +) == 17 && w.allSatisfy { $0 >= 1 && $0 <= 6 }, "\(value)")
            // Cluster number (b1 − b2 + b3 − b4 + 9) mod 9 with b the bar widths.
            #expect((w[0] - w[2] + w[4] - w[6] + 9) % 9 == 3 * cluster)
            let hit = PDF417Codewords.lookup(widths: w)
            #expect(hit?.value == value && hit?.cluster == cluster)
        }
    }

    @Test func knownPatterns() {
        // Row 0 of a zint `--dump` of "AB" (4 rows × 2 columns, level 1) is
        // FF 54 7A BC 3D 4F 1E AF 0F 57 87 F4 52: start, left indicator 1, data 4 (length) and 1 ("AB"),
        // right indicator 1, stop — all in cluster 0.
        #expect(PDF417CodewordTable.cluster0[1] == 0x1EAF0)
        #expect(PDF417CodewordTable.cluster0[4] == 0x1EA78)
        #expect(PDF417Codewords.pattern(PDF417Codewords.start + [0]) == nil)
        #expect(PDF417Codewords.pattern([3, 1, 1, 1, 1, 1, 4, 5]) != nil)
    }

    @Test func softDecodeRecoversOneModuleError() {
        let p = Int(PDF417CodewordTable.cluster3[123])
        let w = PDF417Codewords.widths(ofPattern: p).map(Double.init)
        // Ink spread: bars 0.2 module wider, spaces narrower.
        let spread = w.enumerated().map { $0.offset % 2 == 0 ? $0.element + 0.2 : $0.element - 0.2 }
        let hit = PDF417Codewords.decode(spread[...], cluster: 1)
        #expect(hit?.value == 123)
    }

    @Test(arguments: [0.0, 0.3, 0.5, 0.8])
    func aliasedEdgesRoundOnTheRowGrid(phase: Double) {
        // Every codeword drawn at 18 pixels per 17 modules, its start `phase` pixels into a pixel, by
        // nearest-neighbour sampling: each edge moves to a pixel boundary, up to 0.47 module from its place.
        let s = 18.0 / 17
        for cluster in 0..<3 {
            let table = [PDF417CodewordTable.cluster0, PDF417CodewordTable.cluster3, PDF417CodewordTable.cluster6][
                cluster]
            var wrong: [Int] = []
            for (value, p) in table.enumerated() {
                var boundaries = [0]
                for x in PDF417Codewords.widths(ofPattern: Int(p)) { boundaries.append(boundaries.last! + x) }
                // Pixel i shows the module under its centre i + 0.5.
                let edges = boundaries.map { ((phase + Double($0) * s - 0.5).rounded(.up) - phase) / s }
                if PDF417Codewords.gridRounded(edges, cluster: cluster)?.value != value { wrong.append(value) }
            }
            #expect(wrong == [], "cluster \(3 * cluster)")
        }
        // Widths rounded against the codeword's own first edge misread some of them.
        let p = Int(PDF417CodewordTable.cluster0[1])  // 4, 1, 1, 1, 1, 1, 4, 4
        let pixels = [0.0, 4, 5, 6, 7, 8, 10, 14, 18]  // drawn at phase 0: the 1-module space 2 pixels wide
        #expect(PDF417Codewords.widths(ofPattern: p) == [4, 1, 1, 1, 1, 1, 4, 4])
        #expect(PDF417Codewords.gridRounded(pixels.map { $0 / s }, cluster: 0)?.value == 1)
    }
}
