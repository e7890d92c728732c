import Foundation
import ScanCore

/// From layer bits to the data bit stream: codewords, Reed–Solomon correction and bit-stuffing removal
/// (ISO/IEC 24778:2008, data encodation and error correction).
///
/// ```swift
/// let bits = AztecBitMatrixParser.layerBits(grid, size: size)
/// let data = AztecDataCodewords.correct(bits, size: size, dataCodewords: mode.dataCodewords)
/// data?.bits     // the message bits for AztecDecodedBitStreamParser
/// ```
///
/// The layers hold `codewordCount` codewords of `codewordSize` bits after `totalBits % codewordSize`
/// unused bits; data codewords come first, then the check codewords, all one Reed–Solomon
/// block over the field of the layer count with generator roots α^1 … α^n.
/// An encoder stuffs bits so no data codeword is all zeros or all ones (bit stuffing): when the first
/// b − 1 bits of a codeword are equal, the last bit is their complement and carries no data. Such
/// all-0/all-1 codewords therefore cannot occur and are handed to the decoder as erasures.
public enum AztecDataCodewords {
    public struct Result: Sendable, Equatable {
        /// The data bits after unstuffing (0/1 per element).
        public var bits: [UInt8]
        /// The corrected data codewords as read (stuffed), for `rawCodewords`-style diagnostics.
        public var codewords: [Int]
        /// Codewords Reed–Solomon changed.
        public var corrections: Int
        /// Data codewords handed to Reed–Solomon as erasures (all 0 or all 1 as read).
        public var erasures: Int
        /// Codewords changed that were not erasures.
        public var errors: Int

        /// log10 of the chance that a block of random codewords (a symbol sampled on a wrong grid, a
        /// pattern that only looks like one) would have been accepted with this many erasures and errors.
        ///
        /// With `s` erasures the code on the other n − s positions still has ec − s check codewords and is
        /// maximum distance separable, so a share V(n − s, e) / q^(ec − s) of all blocks lies within e errors
        /// of a codeword, V(m, e) = Σ_{i ≤ e} C(m, i)·(q − 1)^i, q = 2^codewordSize. A clean read of a
        /// symbol with 3 check codewords of 6 bits scores −5.4; 2 errors corrected with 4 such check
        /// codewords, −1.5 (one random block in 30 passes); 80 errors with 198 check codewords of 10 bits,
        /// about −260.
        public func randomAcceptanceLog10(size: AztecLayers, dataCodewords: Int) -> Double {
            let n = size.codewordCount - erasures
            let free = size.codewordCount - dataCodewords - erasures
            let q = Double(1 << size.codewordSize)
            // log V by log-sum-exp: the terms overflow a Double for large symbols.
            let terms = (0...max(0, min(errors, n))).map { Self.logBinomial(n, $0) + Double($0) * log(q - 1) }
            let top = terms.max() ?? 0
            let logVolume = top + log(terms.reduce(0) { $0 + exp($1 - top) })
            return (logVolume - Double(free) * log(q)) / log(10)
        }

        static func logBinomial(_ n: Int, _ k: Int) -> Double {
            lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
        }
    }

    public static func correct(_ layerBits: [UInt8], size: AztecLayers, dataCodewords: Int) -> Result? {
        let b = size.codewordSize
        let n = size.codewordCount
        guard dataCodewords >= 1, dataCodewords < n, layerBits.count >= n * b else { return nil }
        let start = size.totalBits % b
        var words = [Int](repeating: 0, count: n)
        for i in 0..<n {
            var w = 0
            for k in 0..<b { w = (w << 1) | Int(layerBits[start + i * b + k]) }
            words[i] = w
        }
        let allOnes = (1 << b) - 1
        let erasures = (0..<dataCodewords).filter { words[$0] == 0 || words[$0] == allOnes }
        let ec = n - dataCodewords
        let read = words
        guard let fixed = ReedSolomonDecoder(field: size.field).decode(&words, ecCount: ec, erasures: erasures)
        else { return nil }
        let erased = Set(erasures)
        let errors = (0..<n).filter { words[$0] != read[$0] && !erased.contains($0) }.count
        var bits: [UInt8] = []
        bits.reserveCapacity(dataCodewords * b)
        for i in 0..<dataCodewords {
            let w = words[i]
            if w == 0 || w == allOnes { return nil }
            if w == 1 || w == allOnes - 1 {
                let v: UInt8 = w == 1 ? 0 : 1
                bits += [UInt8](repeating: v, count: b - 1)
            } else {
                for k in stride(from: b - 1, through: 0, by: -1) { bits.append(UInt8((w >> k) & 1)) }
            }
        }
        return Result(
            bits: bits, codewords: Array(words[0..<dataCodewords]), corrections: fixed, erasures: erasures.count,
            errors: errors)
    }
}
