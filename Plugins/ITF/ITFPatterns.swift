/// The Interleaved 2 of 5 character patterns (ISO/IEC 16390:2007, Table 1 and §4.2).
///
/// Each digit is five elements, two of them wide. A pair of digits is interleaved: the first digit's
/// elements are the five bars, the second digit's the five spaces between and after them.
enum ITFPatterns {
    /// Wide elements of each digit as a 5-bit mask, first element in the highest bit
    /// (ISO/IEC 16390 Table 1: 0 = NNWWN, 1 = WNNNW, 2 = NWNNW, 3 = WWNNN, 4 = NNWNW, 5 = WNWNN,
    /// 6 = NWWNN, 7 = NNNWW, 8 = WNNWN, 9 = NWNWN).
    static let wideMasks: [UInt8] = [
        0b00110, 0b10001, 0b01001, 0b11000, 0b00101, 0b10100, 0b01100, 0b00011, 0b10010, 0b01010,
    ]

    /// The digit for a wide-element mask, or nil (every mask with exactly two wide elements is a digit).
    static let digitByMask: [Int?] = {
        var table = [Int?](repeating: nil, count: 32)
        for (digit, mask) in wideMasks.enumerated() { table[Int(mask)] = digit }
        return table
    }()

    /// The start pattern: narrow bar, narrow space, narrow bar, narrow space (§4.3.1).
    static let startRuns = 4
    /// The stop pattern: wide bar, narrow space, narrow bar (§4.3.2).
    static let stopRuns = 3
}

/// The GS1 modulo-10 check digit (GS1 General Specifications §7.9.1), used by ITF-14.
enum GS1CheckDigit {
    /// True when the last digit is the check digit of the ones before it.
    static func isValid(_ digits: [Int]) -> Bool {
        guard let last = digits.last, digits.count >= 2 else { return false }
        var sum = 0
        // Weights 3, 1, 3, … counted from the digit next to the check digit.
        for (k, d) in digits.dropLast().reversed().enumerated() { sum += k % 2 == 0 ? 3 * d : d }
        return (10 - sum % 10) % 10 == last
    }
}
