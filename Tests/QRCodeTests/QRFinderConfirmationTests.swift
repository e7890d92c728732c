import ScanCore
import Testing

@testable import QRCode

/// Finder patterns that one row alone shows are chance alignments: noise makes many, and they take no
/// part in a triple (``QRCodeDecoder/minimumConfirmations``).
@Suite struct QRFinderConfirmationTests {
    @Test func patternsOfOneRowTakeNoPartInTriples() {
        var random = SplitMix64(seed: 7)
        let side = 240
        let bits = (0..<(side * side)).map { _ in UInt8(random.next() & 1) }
        let matrix = BitMatrix(width: side, height: side, bits: bits)
        // The finder itself reports them (the test means something) …
        let all = QRFinderPatternFinder.find(matrix)
        #expect(all.contains { $0.count == 1 })
        // … and the search keeps only those that several rows confirm.
        let search = QRCodeDecoder().decodeOnce(matrix, options: DecodeOptions())
        #expect(search.patterns.allSatisfy { $0.count >= QRCodeDecoder.minimumConfirmations })
        #expect(search.patterns.count == all.filter { $0.count >= 2 }.count)
        #expect(search.found.isEmpty)
    }
}
