import FuzzSupport
import QRCode
import ScanCore

/// QR Code: the data bit-stream parser (ISO/IEC 18004 §7.4) on random data codewords of a random
/// version, or the whole grid decoder (format and version information, unmasking, codeword placement,
/// de-interleaving, Reed–Solomon, bit stream) on a random module grid of a version's size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQRCode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let version = input.int(in: 1...40)
    if input.bool() {
        _ = QRDecodedBitStreamParser.parse(input.rest(), version: version)
    } else {
        let side = 17 + 4 * (version - 1)
        let grid = BitMatrix(width: side, height: side, bits: input.bits(side * side))
        _ = QRGridReader.decode(grid)
    }
    return 0
}
