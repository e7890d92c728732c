@testable import Code128

/// Builds Code 128 symbols for tests from symbol values (ISO/IEC 15417 Table 1): adds the check character
/// (§4.4.2) and the stop character, and turns them into element widths.
enum Code128TestEncoder {
    static let fnc1 = 102, shift = 98, codeA = 101, codeB = 100, codeC = 99, fnc4B = 100, fnc4A = 101
    static let fnc2 = 97, fnc3 = 96

    /// Values of `text` in code set B (printable ASCII), one per character.
    static func b(_ text: String) -> [Int] { text.unicodeScalars.map { Int($0.value) - 32 } }
    /// Values of a digit string in code set C, one per pair.
    static func c(_ digits: String) -> [Int] {
        let d = digits.unicodeScalars.map { Int($0.value) - 48 }
        return stride(from: 0, to: d.count, by: 2).map { d[$0] * 10 + d[$0 + 1] }
    }

    /// The check character of start + data values (the generator's, §4.4.2).
    static func check(_ values: [Int]) -> Int { Code128Encoder.checkCharacter(values) }

    /// Module widths of the whole symbol (start … data, check, stop with its final bar).
    /// `badCheck` adds 1 to the check character.
    static func modules(_ values: [Int], badCheck: Bool = false) -> [Int] {
        let all = values + [(check(values) + (badCheck ? 1 : 0)) % 103, Code128Patterns.stop]
        return all.flatMap { Code128Patterns.widths[$0] } + [Code128Patterns.stopFinalBar]
    }
}
