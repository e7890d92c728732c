import DataMatrix
import FuzzSupport
import ScanCore

/// Data Matrix: the data bit-stream parser (ISO/IEC 16022 §5.2) on random codewords, or the grid path
/// (module placement, block de-interleaving and Reed–Solomon, then the parser) on a random module grid
/// of one of the standard's sizes (DMRE included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataMatrix(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let sizes = DMSymbolSize.all
    let symbolSize = sizes[input.int(in: 0...(sizes.count - 1))]
    if input.bool() {
        _ = DMDecodedBitStreamParser.parse(input.rest())
    } else {
        let grid = BitMatrix(
            width: symbolSize.columns, height: symbolSize.rows,
            bits: input.bits(symbolSize.columns * symbolSize.rows))
        if let codewords = DMBitMatrixParser.codewords(grid, size: symbolSize),
            let corrected = DMDataBlocks.correct(codewords, size: symbolSize)
        {
            _ = DMDecodedBitStreamParser.parse(corrected.data)
        }
    }
    return 0
}
