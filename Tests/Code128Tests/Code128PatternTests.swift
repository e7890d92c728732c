import Testing

@testable import Code128

struct Code128PatternTests {
    @Test func everyCharacterIsElevenModulesWithEvenBars() {
        #expect(Code128Patterns.widths.count == 107)
        for w in Code128Patterns.widths {
            #expect(w.reduce(0, +) == 11)
            #expect((w[0] + w[2] + w[4]) % 2 == 0)
            #expect(w.allSatisfy { (1...4).contains($0) })
        }
    }

    @Test func edgeDistancesIdentifyEveryCharacter() {
        #expect(Code128Patterns.valueByEdgeKey.filter { $0 >= 0 }.count == 107)
    }

    /// Spot values from ISO/IEC 15417 Table 1.
    @Test func knownPatterns() {
        #expect(Code128Patterns.widths[0] == [2, 1, 2, 2, 2, 2])
        #expect(Code128Patterns.widths[102] == [4, 1, 1, 1, 3, 1])  // FNC1
        #expect(Code128Patterns.widths[103] == [2, 1, 1, 4, 1, 2])  // Start A
        #expect(Code128Patterns.widths[104] == [2, 1, 1, 2, 1, 4])  // Start B
        #expect(Code128Patterns.widths[105] == [2, 1, 1, 2, 3, 2])  // Start C
        #expect(Code128Patterns.widths[106] + [2] == [2, 3, 3, 1, 1, 1, 2])  // Stop
    }
}
