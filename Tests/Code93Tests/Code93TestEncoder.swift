@testable import Code93

/// Element widths (modules) of a Code 93 symbol for the test renderer, from the plugin's pattern table
/// (AIM USS Code 93 character encodation table); the synthetic corpus, rendered by another encoder,
/// checks the table itself.
enum Code93TestEncoder {
    /// Values of the ASCII text under Code 93 Full ASCII (shift pairs for characters outside the 43).
    static func values(_ text: String) -> [Int] {
        var out: [Int] = []
        for byte in text.utf8 {
            if let k = Code93Patterns.characters.firstIndex(of: Character(Unicode.Scalar(byte))),
                !"$/+%".contains(Character(Unicode.Scalar(byte)))
            {
                out.append(k)
                continue
            }
            var found = false
            for shift in 43...46 {
                for letter in 10...35 where Code93FullASCII.decode(shift: shift, letter: letter) == byte {
                    out += [shift, letter]
                    found = true
                    break
                }
                if found { break }
            }
            precondition(found, "no Full ASCII pair for \(byte)")
        }
        return out
    }

    /// Widths of start, `values`, C, K, stop and the termination bar. `corrupt` adds 1 to C (a bad check).
    static func widths(values: [Int], corruptCheck: Bool = false) -> [Double] {
        let (c, k) = Code93CheckCharacters.compute(for: values)
        let all = [47] + values + [corruptCheck ? (c + 1) % 47 : c, k, 47]
        return all.flatMap { Code93Patterns.widths[$0].map(Double.init) } + [1]
    }

    static func widths(_ text: String, corruptCheck: Bool = false) -> [Double] {
        widths(values: values(text), corruptCheck: corruptCheck)
    }
}
