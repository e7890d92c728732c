import Aztec
import FuzzSupport
import ScanCore

/// Aztec: the data bit-stream parser (ISO/IEC 24778 §7.3) on random bits, or the layer path (reading the
/// data layers of a grid, Reed–Solomon over the layer size's field, bit unstuffing, the parser) on a
/// random module grid of a compact or full-range size with a random count of data codewords.
///
/// The layer count: compact 1…4; full-range 1…8 (GF(64) and GF(256)) for byte values 0…223 and 1…32 for
/// 224…255 (GF(1024) from 9 layers, GF(4096) from 23). Reed–Solomon's cost grows with the square of the
/// codewords (up to 1,437 of 12 bits at 32 layers): drawn uniformly over 1…32, the large sizes took most
/// of the time and the target ran about 140 inputs a second; every size stays reachable, more than 8 layers
/// in about one full-range input in eleven.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAztec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let compact = input.bool()
    let sizeByte = Int(input.byte())
    let layers = compact ? 1 + sizeByte % 4 : (sizeByte < 224 ? 1 + sizeByte % 8 : 1 + sizeByte % 32)
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
