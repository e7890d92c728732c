import ScanCore
import ScanTestSupport
import Testing

@testable import Codabar

/// ``CodabarRowDecoder/widthsFitTheirKinds(_:)``: a data character whose width is that of the other kind
/// (two wide elements against three) is damage that changed its pattern, not a character.
struct CodabarCharacterWidthTests {
    /// Element widths (modules) of `text` with data character `index` (0 for the first after the start
    /// character) drawn as `damaged` instead.
    func widths(_ text: String, replacing index: Int, with damaged: [Double]) -> [Double] {
        var w = CodabarTestEncoder.widths(text)
        let first = 8 * (index + 1)  // seven elements and a gap per character
        w.replaceSubrange(first..<(first + 7), with: damaged)
        return w
    }

    /// A `+` (three wide bars, 4 + 3 × 2.5 = 11.5 modules) whose last two wide bars a light cut along the
    /// bars thinned to one module, the space between them taking the light: 1 1 2.5 1 1 4 1, which is a
    /// `4`'s pattern (a wide bar, then a wide space) at a `+`'s width. Read as `A123445678B` before.
    @Test func aPlusCutIntoAFourIsNotRead() {
        let cut = widths("A1234+5678B", replacing: 4, with: [1, 1, 2.5, 1, 1, 4, 1])
        let codes = CodabarDecoder().decode(BarRenderer(module: 3).render(cut)) { _ in }
        #expect(codes.isEmpty, "\(codes.map(\.rawValue))")
        // The same symbol undamaged reads.
        let clean = BarRenderer(module: 3).render(CodabarTestEncoder.widths("A1234+5678B"))
        #expect(CodabarDecoder().decode(clean) { _ in }.map(\.rawValue) == ["A1234+5678B"])
    }

    /// Data characters with the given element widths (pixels), one after the other along the line.
    func characters(_ text: String, _ widths: [[Double]]) -> [CodabarRowDecoder.DataCharacter] {
        var x = 0.0
        return zip(Array(text), widths).map { c, w in
            let pattern = CodabarPatterns.patterns[CodabarPatterns.characters.firstIndex(of: c)!]
            defer { x += w.reduce(0, +) + 2 }
            return CodabarRowDecoder.DataCharacter(centre: x + w.reduce(0, +) / 2, pattern: pattern, widths: w[...])
        }
    }

    @Test func printerVariationIsNotDamage() {
        let digit: [Double] = [2, 2, 5, 2, 2, 5, 2]  // a 4: 20 px; a three-wide character would be 23
        // Clean digits fit.
        #expect(CodabarRowDecoder.widthsFitTheirKinds(characters("444444", Array(repeating: digit, count: 6))))
        // One digit 2 px wider, past half way to the other kind, among digits whose wide space varies by
        // 0.8 px either way (a printer's own widths): kept.
        var varied = [[Double]]()
        for k in 0..<6 {
            var w = digit
            w[5] += k % 2 == 0 ? 0.8 : -0.8
            varied.append(w)
        }
        varied[3][5] = 7
        #expect(CodabarRowDecoder.widthsFitTheirKinds(characters("444444", varied)))
        // The same 2 px among digits that agree to a tenth of a pixel: refused.
        var even = Array(repeating: digit, count: 6)
        for k in 0..<6 { even[k][1] += Double(k % 2) * 0.1 }
        even[3][5] += 2
        #expect(!CodabarRowDecoder.widthsFitTheirKinds(characters("444444", even)))
    }
}
