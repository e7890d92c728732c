@testable import Codabar

/// Element widths (modules) of a Codabar symbol for the test renderer, from the plugin's pattern table
/// (ANSI/AIM BC3 character encodation table); the synthetic corpus, rendered by another encoder, checks
/// the table itself.
enum CodabarTestEncoder {
    /// `text` includes the start and stop characters; wide = `ratio` modules, gap 1 module.
    static func widths(_ text: String, ratio: Double = 2.5, gap: Double = 1) -> [Double] {
        var out: [Double] = []
        let chars = Array(text)
        for (n, c) in chars.enumerated() {
            let p = CodabarPatterns.patterns[CodabarPatterns.characters.firstIndex(of: c)!]
            for e in 0..<7 { out.append((p >> (6 - e)) & 1 == 1 ? ratio : 1) }
            if n < chars.count - 1 { out.append(gap) }
        }
        return out
    }
}
