import ScanCore
import Testing

@testable import Aztec

/// Mode message coding (ISO/IEC 24778:2008, mode message) and symbol sizes.
struct AztecModeMessageTests {
    /// Encodes a mode message the way the standard describes: data words, then GF(16) check words.
    func encode(_ value: Int, compact: Bool) -> [UInt8] {
        let dataWords = compact ? 2 : 4
        let ec = compact ? 5 : 6
        let data = (0..<dataWords).map { (value >> (4 * (dataWords - 1 - $0))) & 0xF }
        let words = data + ReedSolomonEncoder(field: .aztecParameters).checkCodewords(for: data, ecCount: ec)
        return words.flatMap { w in (0..<4).reversed().map { UInt8((w >> $0) & 1) } }
    }

    @Test func compactAndFullRangeFields() {
        let c = AztecModeMessage.decode(encode((2 << 6) | 40, compact: true), compact: true)
        #expect(c?.layers == 3)
        #expect(c?.dataCodewords == 41)
        let f = AztecModeMessage.decode(encode((21 << 11) | 999, compact: false), compact: false)
        #expect(f?.layers == 22)
        #expect(f?.dataCodewords == 1000)
    }

    @Test func correctsErrorsUpToCapacity() {
        var bits = encode((3 << 6) | 20, compact: true)
        // Two wrong words (5 check words correct 2): flip bits in words 0 and 5.
        bits[1] ^= 1
        bits[3] ^= 1
        bits[21] ^= 1
        let m = AztecModeMessage.decode(bits, compact: true)
        #expect(m?.layers == 4)
        #expect(m?.dataCodewords == 21)
        #expect(m?.corrections == 2)
        var full = encode((9 << 11) | 300, compact: false)
        for i in [0, 13, 38] { full[i] ^= 1 }  // three words of ten: 6 check words correct 3
        #expect(AztecModeMessage.decode(full, compact: false)?.dataCodewords == 301)
    }

    @Test func tooManyErrorsFail() {
        var bits = encode((1 << 6) | 5, compact: true)
        for i in [0, 4, 8, 12] { bits[i] ^= 1 }  // four words wrong
        let m = AztecModeMessage.decode(bits, compact: true)
        #expect(m == nil || m?.dataCodewords != 6)
    }

    @Test func runeIsTheInvertedEncoding() {
        let bits = encode(25, compact: true).enumerated().map { $0.offset % 2 == 0 ? $0.element ^ 1 : $0.element }
        #expect(AztecModeMessage.decode(bits, compact: true)?.runeValue == 25)
    }

    @Test func readerInitialisationSetsTheTopCountBit() {
        let m = AztecModeMessage.decode(encode(32, compact: true), compact: true)
        #expect(m?.readerInitialisation == true)
        #expect(m?.dataCodewords == 1)
    }

    @Test func symbolSizes() {
        #expect(AztecLayers(compact: true, layers: 1).dimension == 15)
        #expect(AztecLayers(compact: true, layers: 4).dimension == 27)
        #expect(AztecLayers(compact: false, layers: 1).dimension == 19)
        #expect(AztecLayers(compact: false, layers: 4).dimension == 31)
        #expect(AztecLayers(compact: false, layers: 5).dimension == 37)
        #expect(AztecLayers(compact: false, layers: 32).dimension == 151)
        #expect(AztecLayers(compact: false, layers: 32).codewordCount == 1664)
        #expect(AztecLayers(compact: true, layers: 1).codewordCount == 17)
        #expect(AztecLayers(compact: false, layers: 22).codewordSize == 10)
        #expect(AztecLayers(compact: false, layers: 23).codewordSize == 12)
    }
}
