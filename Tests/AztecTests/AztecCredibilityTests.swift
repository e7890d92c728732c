import ScanCore
import ScanTestSupport
import Testing

@testable import Aztec

/// Reads that spend most of the check codewords are weighed against a wrong sampling
/// (``AztecDataCodewords/Result/randomAcceptanceLog10(size:dataCodewords:)``): a symbol too damaged to tell
/// from a random block gives nothing, not a value.
struct AztecCredibilityTests {
    @Test func randomAcceptanceOfCleanAndCorrectedReads() {
        let compact1 = AztecLayers(compact: true, layers: 1)  // 17 codewords of 6 bits
        func score(_ erasures: Int, _ errors: Int, data: Int) -> Double {
            AztecDataCodewords.Result(
                bits: [], codewords: [], corrections: errors + erasures, erasures: erasures,
                errors: errors
            ).randomAcceptanceLog10(size: compact1, dataCodewords: data)
        }
        // A clean read with 4 check codewords: 64^-4.
        #expect(abs(score(0, 0, data: 13) - -7.2247) < 0.001)
        // One error: (1 + 17·63) / 64^4; two: (1 + 17·63 + 136·63²) / 64^4, one random block in 31.
        #expect(abs(score(0, 1, data: 13) - -4.1950) < 0.001)
        #expect(abs(score(0, 2, data: 13) - -1.4916) < 0.001)
        // An erasure spends one check codeword: 1 erasure and 1 error leave (1 + 16·63) / 64^3.
        #expect(abs(score(1, 1, data: 13) - -2.4143) < 0.001)
        // Large symbols stay far from chance even with many corrections.
        let full20 = AztecLayers(compact: false, layers: 20)
        let big = AztecDataCodewords.Result(bits: [], codewords: [], corrections: 80, erasures: 0, errors: 80)
        #expect(big.randomAcceptanceLog10(size: full20, dataCodewords: full20.codewordCount - 198) < -200)
    }

    /// "ABCDEFGHIJKLMNO" in a compact 1-layer symbol: 13 data codewords and 4 check codewords (zint
    /// --vers=1 --secure=1). One wrong codeword is corrected; two are within Reed–Solomon's reach too,
    /// but one random block in 31 would pass the same way: the symbol is not reported.
    @Test(.enabled(if: Zint.available)) func twoWrongCodewordsOfFourCheckCodewordsAreRefused() throws {
        let text = "ABCDEFGHIJKLMNO"
        let image = try Zint.aztec.render(text, ["--vers=1", "--secure=1"])
        // zint's scale 2 draws a module as 4 × 4 pixels.
        let n = image.width / 4
        #expect(n == 15)
        var grid = BitMatrix(width: n, height: n)
        for y in 0..<n { for x in 0..<n where image[4 * x + 2, 4 * y + 2] < 128 { grid[x, y] = true } }
        let size = AztecLayers(compact: true, layers: 1)
        // Where each layer bit lies: light grids with one dark module, in the parser's reading order.
        var position = [Int: (Int, Int)]()
        for y in 0..<n {
            for x in 0..<n {
                var one = BitMatrix(width: n, height: n)
                one[x, y] = true
                if let i = AztecBitMatrixParser.layerBits(one, size: size).firstIndex(of: 1) { position[i] = (x, y) }
            }
        }
        func words(_ g: BitMatrix) -> [Int] {
            let bits = AztecBitMatrixParser.layerBits(g, size: size)
            let start = size.totalBits % 6
            return (0..<size.codewordCount).map { i in (0..<6).reduce(0) { $0 << 1 | Int(bits[start + 6 * i + $1]) } }
        }
        func damaged(_ codewords: [Int]) throws -> LuminanceImage {
            var g = grid
            for c in codewords {
                let (x, y) = try #require(position[size.totalBits % 6 + 6 * c + 2])
                g[x, y].toggle()
            }
            // Each damaged codeword is an error, not an erasure (not all 0 or all 1).
            for c in codewords { #expect(![0, 63].contains(words(g)[c])) }
            var px = [UInt8](repeating: 255, count: (4 * n + 16) * (4 * n + 16))
            for y in 0..<n {
                for x in 0..<n where g[x, y] {
                    for dy in 0..<4 { for dx in 0..<4 { px[(8 + 4 * y + dy) * (4 * n + 16) + 8 + 4 * x + dx] = 0 } }
                }
            }
            return LuminanceImage(width: 4 * n + 16, height: 4 * n + 16, pixels: px)
        }
        func read(_ image: LuminanceImage) -> [Barcode] {
            AztecDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        }
        #expect(read(try damaged([])).first?.rawValue == text)
        let one = read(try damaged([5]))
        #expect(one.first?.rawValue == text)
        #expect(one.first?.metadata["corrections"] == "1")
        #expect(read(try damaged([3, 9])).isEmpty)
    }
}
