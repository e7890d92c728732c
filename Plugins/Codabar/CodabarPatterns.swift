/// The Codabar character set and bar/space patterns (ANSI/AIM BC3 / EN 798, table of character
/// encodation).
///
/// Each character is seven elements, bar first (bar, space, bar, space, bar, space, bar), two or three of
/// them wide. A pattern is written as seven bits in element order, 1 for wide. Characters are separated
/// by an inter-character gap. `A`–`D` are the start/stop characters.
enum CodabarPatterns {
    static let characters: [Character] = Array("0123456789-$:/.+ABCD")

    static let patterns: [UInt8] = [
        0b0000011, 0b0000110, 0b0001001, 0b1100000, 0b0010010,  // 0 1 2 3 4
        0b1000010, 0b0100001, 0b0100100, 0b0110000, 0b1001000,  // 5 6 7 8 9
        0b0001100, 0b0011000, 0b1000101, 0b1010001, 0b1010100,  // - $ : / .
        0b0010101, 0b0011010, 0b0101001, 0b0001011, 0b0001110,  // + A B C D
    ]

    /// Index in `characters` of the first start/stop character (`A`; `B`, `C`, `D` follow).
    static let firstStartStop = 16

    /// Pattern bits → index in `characters` (-1: not a Codabar character). 128 entries.
    static let lookup: [Int8] = {
        var t = [Int8](repeating: -1, count: 128)
        for (k, p) in patterns.enumerated() { t[Int(p)] = Int8(k) }
        return t
    }()
}
