import FuzzSupport
import PDF417
import ScanCore

/// PDF417: the data bit-stream parser (ISO/IEC 15438 §5.4: text, byte, numeric compaction, ECI, Macro
/// PDF417) on random codewords (0…928), or the GF(929) error correction on a random codeword sequence
/// with a random error-correction level and erasures, checked: a corrected sequence must have zero
/// syndromes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF417(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let correct = input.bool()
    let level = input.int(in: 0...8)
    let erasureCount = input.int(in: 0...15)
    var erasures: [Int] = []
    for _ in 0..<erasureCount { erasures.append(input.int(in: 0...1000)) }
    var codewords: [Int] = []
    while input.remaining > 0 { codewords.append(input.int(in: 0...928)) }
    if correct {
        let ecCount = PDF417ErrorCorrection.checkCount(level: level)
        var block = codewords
        if PDF417ErrorCorrection.correct(&block, ecCount: ecCount, erasures: erasures) != nil {
            precondition(PDF417ErrorCorrection.isCodeword(block, ecCount: ecCount), "corrected block is not a codeword")
        }
    } else {
        _ = try? PDF417DecodedBitStreamParser.decode(codewords)
    }
    return 0
}
