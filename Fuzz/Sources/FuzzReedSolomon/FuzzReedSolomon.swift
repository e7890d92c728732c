import FuzzSupport
import ScanCore

/// ScanCore's Reed–Solomon decoder over every field the matrix symbologies use (QR Code, Data Matrix, the
/// five Aztec fields), on a random block with random check-codeword count and erasures. Checked: a block
/// the decoder accepts has zero syndromes, and values stay inside the field.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReedSolomon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let fields: [GaloisField] = [
        .qrCode, .dataMatrix, .aztecParameters, .aztecData6, .aztecData8, .aztecData10,
        .aztecData12,
    ]
    let field = fields[input.int(in: 0...(fields.count - 1))]
    let ecCount = input.int(in: 0...80)
    let erasureCount = input.int(in: 0...20)
    var erasures: [Int] = []
    for _ in 0..<erasureCount { erasures.append(input.int(in: 0...300)) }
    var block: [Int] = []
    while input.remaining > 0 && block.count < field.size - 1 {
        block.append(field.size > 256 ? input.int(in: 0...(field.size - 1)) : Int(input.byte()) % field.size)
    }
    if ReedSolomonDecoder(field: field).decode(&block, ecCount: ecCount, erasures: erasures) != nil {
        precondition(block.allSatisfy { $0 >= 0 && $0 < field.size }, "corrected value outside the field")
        for k in 0..<ecCount {
            let x = field.power(field.generatorBase + k)
            var s = 0
            for c in block { s = field.multiply(s, x) ^ c }
            precondition(s == 0, "accepted block has a non-zero syndrome")
        }
    }
    return 0
}
