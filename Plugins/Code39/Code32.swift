/// Code 32, the Italian pharmaceutical code (Codice Farmaceutico, the code the Italian Ministry of Health
/// assigns to medicines): a 9-digit number — 8 digits and a check digit — written as a Code 39 symbol of
/// 6 characters, its value in base 32.
///
/// ```swift
/// Code32.value(of: Array("3PRM8N"))   // "A123456788" (the number 12345678, check digit 8)
/// ```
///
/// The base-32 digits are `0`–`9` then the consonants `B C D F G H J K L M N P Q R S T U V W X Y Z` (no
/// vowels), most significant first. The check digit is the sum, over the first 8 digits, of the digits
/// in odd positions and of the digit sums of twice the digits in even positions, modulo 10. The value is
/// reported as printed under the symbol: `A` followed by the 9 digits (leading zeros kept).
///
/// A Code 32 symbol is a Code 39 symbol, and any 6-character Code 39 symbol over this alphabet has one
/// chance in ten of passing the check: read as Code 32 by default, one such Code 39 label in ten would
/// come out as a wrong value. So Code 32 is read only when it is asked for by name
/// (``DecodeOptions/formats`` contains `code32`, e.g. `--formats code32` or `--formats code39,code32`);
/// then a Code 39 symbol that qualifies is reported as Code 32. With every format wanted (an empty
/// `formats`) such symbols are Code 39, their characters as they are. (Scanners commonly offer the
/// conversion as a setting that is off by default; zxing-cpp 3 converts by default.)
enum Code32 {
    /// The 32 digits, value order.
    static let alphabet: [Character] = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ")

    /// `A` and the 9 digits when `characters` (the Code 39 data characters, no start/stop) are a Code 32
    /// value with a valid check digit; otherwise `nil`.
    static func value(of characters: [Character]) -> String? {
        guard characters.count == 6 else { return nil }
        var v = 0
        for c in characters {
            guard let d = alphabet.firstIndex(of: c) else { return nil }
            v = v * 32 + d
        }
        guard v < 1_000_000_000 else { return nil }
        var digits = [Int](repeating: 0, count: 9)
        for k in (0..<9).reversed() {
            digits[k] = v % 10
            v /= 10
        }
        guard checkDigit(digits[0..<8]) == digits[8] else { return nil }
        return "A" + digits.map(String.init).joined()
    }

    /// The check digit of 8 digits (see the type's documentation).
    static func checkDigit(_ digits: ArraySlice<Int>) -> Int {
        var sum = 0
        for (i, d) in digits.enumerated() {
            if i % 2 == 0 {
                sum += d
            } else {
                sum += (2 * d) / 10 + (2 * d) % 10
            }
        }
        return sum % 10
    }
}
