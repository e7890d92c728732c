/// The Code 39 character set and bar/space patterns (ISO/IEC 16388, table of character encodation).
///
/// Each character is nine elements, bar first (bar, space, bar, … , bar), three of them wide.
/// A pattern is written as nine bits in element order, 1 for wide; `values` is in check-character value
/// order (0–9 = 0–9, A–Z = 10–35, `-` 36, `.` 37, space 38, `$` 39, `/` 40, `+` 41, `%` 42), followed
/// by the start/stop character `*`, which has no value.
enum Code39Patterns {
    /// The 43 data characters in value order, then `*`.
    static let characters: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*")

    /// Wide/narrow patterns, same order as `characters` (bits from the first element, left to right).
    static let patterns: [UInt16] = [
        0b000110100, 0b100100001, 0b001100001, 0b101100000, 0b000110001,  // 0 1 2 3 4
        0b100110000, 0b001110000, 0b000100101, 0b100100100, 0b001100100,  // 5 6 7 8 9
        0b100001001, 0b001001001, 0b101001000, 0b000011001, 0b100011000,  // A B C D E
        0b001011000, 0b000001101, 0b100001100, 0b001001100, 0b000011100,  // F G H I J
        0b100000011, 0b001000011, 0b101000010, 0b000010011, 0b100010010,  // K L M N O
        0b001010010, 0b000000111, 0b100000110, 0b001000110, 0b000010110,  // P Q R S T
        0b110000001, 0b011000001, 0b111000000, 0b010010001, 0b110010000,  // U V W X Y
        0b011010000, 0b010000101, 0b110000100, 0b011000100, 0b010101000,  // Z - . sp $
        0b010100010, 0b010001010, 0b000101010, 0b010010100,  // / + % *
    ]

    /// Index of the start/stop character `*` in `characters`.
    static let startStop = 43

    /// Pattern bits → index in `characters` (-1: not a Code 39 character). 512 entries.
    static let lookup: [Int8] = {
        var t = [Int8](repeating: -1, count: 512)
        for (k, p) in patterns.enumerated() { t[Int(p)] = Int8(k) }
        return t
    }()

    /// Value (0–42) of a data character, or nil.
    static func value(of c: Character) -> Int? {
        guard c != "*", let k = characters.firstIndex(of: c) else { return nil }
        return k
    }
}
