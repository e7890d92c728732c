import Testing

@testable import PDF417

/// GF(929) Reed–Solomon: every level, errors, erasures, and failure beyond capacity.
struct PDF417ErrorCorrectionTests {
    struct Rng: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
    }

    func codeword(_ rng: inout Rng, data: Int, level: Int) -> [Int] {
        let d = (0..<data).map { _ in Int.random(in: 0..<929, using: &rng) }
        return d + PDF417ErrorCorrection.checkCodewords(d, ecCount: PDF417ErrorCorrection.checkCount(level: level))
    }

    @Test(arguments: 0...8) func errorsAndErasuresAtEveryLevel(level: Int) {
        var rng = Rng(state: UInt64(level) + 7)
        let k = PDF417ErrorCorrection.checkCount(level: level)
        let clean = codeword(&rng, data: max(1, min(300, 928 - k)), level: level)
        #expect(PDF417ErrorCorrection.syndromes(clean, ecCount: k).allSatisfy { $0 == 0 })
        for trial in 0..<3 {
            // Errors only, half and half, erasures only: 2·errors + erasures = k.
            let erasures = [0, (k / 2) & ~1, k][trial]
            let errors = (k - erasures) / 2
            var damaged = clean
            var positions = Array(damaged.indices).shuffled(using: &rng)
            let erased = Array(positions.prefix(erasures))
            positions.removeFirst(erasures)
            for i in erased { damaged[i] = Int.random(in: 0..<929, using: &rng) }
            for i in positions.prefix(errors) { damaged[i] = (damaged[i] + Int.random(in: 1..<929, using: &rng)) % 929 }
            let changed = PDF417ErrorCorrection.correct(&damaged, ecCount: k, erasures: erased)
            #expect(changed != nil, "level \(level) errors \(errors) erasures \(erasures)")
            #expect(damaged == clean)
        }
    }

    @Test func erasuresOnly() {
        var rng = Rng(state: 99)
        let clean = codeword(&rng, data: 40, level: 3)  // 16 check codewords
        var damaged = clean
        let erased = Array(0..<16).map { $0 * 3 }
        for i in erased { damaged[i] = 0 }
        #expect(PDF417ErrorCorrection.correct(&damaged, ecCount: 16, erasures: erased) != nil)
        #expect(damaged == clean)
    }

    @Test func tooManyErrorsAreRefused() {
        var rng = Rng(state: 5)
        let clean = codeword(&rng, data: 50, level: 2)  // 8 check codewords: 4 errors at most
        var refused = 0
        for trial in 0..<20 {
            var damaged = clean
            for i in 0..<6 {
                damaged[(trial * 7 + i * 11) % damaged.count] =
                    (damaged[(trial * 7 + i * 11) % damaged.count] + 1 + i) % 929
            }
            let before = damaged
            if PDF417ErrorCorrection.correct(&damaged, ecCount: 8) == nil {
                refused += 1
                #expect(damaged == before)
            }
        }
        #expect(refused >= 15)
    }
}
