@testable import Code39

/// Element widths (modules) of a Code 39 symbol for the test renderer, from the plugin's pattern table
/// (ISO/IEC 16388 character encodation table); the synthetic corpus, rendered by another encoder,
/// checks the table itself.
enum Code39TestEncoder {
    /// `text` in symbol characters (no `*`), between start and stop; wide = `ratio` modules, gap 1 module.
    static func widths(_ text: String, ratio: Double = 2.5, gap: Double = 1) -> [Double] {
        var out: [Double] = []
        let chars = ["*"] + Array(text) + ["*"]
        for (n, c) in chars.enumerated() {
            let k = Code39Patterns.characters.firstIndex(of: c)!
            let p = Code39Patterns.patterns[k]
            for e in 0..<9 { out.append((p >> (8 - e)) & 1 == 1 ? ratio : 1) }
            if n < chars.count - 1 { out.append(gap) }
        }
        return out
    }

    /// `data` followed by its mod-43 check character.
    static func withCheck(_ data: String) -> String {
        let sum = data.map { Code39Patterns.characters.firstIndex(of: $0)! }.reduce(0, +)
        return data + String(Code39Patterns.characters[sum % 43])
    }
}
