import Testing

@testable import ITF

struct ITFPatternTests {
    @Test func everyDigitHasTwoWideElementsAndAUniquePattern() {
        #expect(Set(ITFPatterns.wideMasks).count == 10)
        for m in ITFPatterns.wideMasks { #expect(m.nonzeroBitCount == 2) }
        #expect(ITFPatterns.digitByMask.compactMap { $0 }.count == 10)
    }

    @Test func gs1CheckDigit() {
        #expect(GS1CheckDigit.isValid([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 5]))
        #expect(GS1CheckDigit.isValid([3, 0, 7, 1, 2, 3, 4, 5, 0, 0, 0, 0, 1, 0]))
        #expect(!GS1CheckDigit.isValid([3, 0, 7, 1, 2, 3, 4, 5, 0, 0, 0, 0, 1, 1]))
    }
}
