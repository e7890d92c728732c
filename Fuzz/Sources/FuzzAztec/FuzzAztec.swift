import Aztec
import FuzzSupport
import ScanCore

/// Aztec: the data bit-stream parser (ISO/IEC 24778 §7.3) on random bits, or the layer path (reading the
/// data layers of a grid, Reed–Solomon over the layer size's field, bit unstuffing, the parser) on a
/// random module grid of a compact or full-range size with a random count of data codewords.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAztec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let compact = input.bool()
    let layers = compact ? input.int(in: 1...4) : input.int(in: 1...32)
    let symbolSize = AztecLayers(compact: compact, layers: layers)
    if input.bool() {
        let bits = input.bits(8 * input.remaining)
        _ = AztecDecodedBitStreamParser.parse(bits)
    } else {
        let dataCodewords = input.int(in: 1...max(1, symbolSize.codewordCount))
        let side = symbolSize.dimension
        let grid = BitMatrix(width: side, height: side, bits: input.bits(side * side))
        let layerBits = AztecBitMatrixParser.layerBits(grid, size: symbolSize)
        if let result = AztecDataCodewords.correct(layerBits, size: symbolSize, dataCodewords: dataCodewords) {
            _ = AztecDecodedBitStreamParser.parse(result.bits)
        }
    }
    return 0
}
