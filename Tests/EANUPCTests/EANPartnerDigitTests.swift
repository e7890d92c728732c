import ScanCore
import Testing

@testable import EANUPC

/// 1 and 7, 2 and 8 have the same edge-to-similar-edge distances (ISO/IEC 15420): a read whose doubtful
/// digits, read as their partners, pass the check digit too is refused (``EANRowDecoder/checkAllowsPartners(_:_:_:)``).
struct EANPartnerDigitTests {
    @Test func partners() {
        #expect(EANDigitMatcher.partner(of: 1) == 7 && EANDigitMatcher.partner(of: 7) == 1)
        #expect(EANDigitMatcher.partner(of: 2) == 8 && EANDigitMatcher.partner(of: 8) == 2)
        #expect(EANDigitMatcher.partner(of: 0) == nil && EANDigitMatcher.partner(of: 5) == nil)
    }

    /// UPC-A 574904716980 as an EAN-13 (a reviewer's degraded image read it as 514904776980): the 7 at
    /// index 2 and the 1 at index 8 have the same weight, so a 7 read as 1 and a 1 read as 7 keep the check.
    @Test func swappedPartnersOfOneWeightPassTheCheck() {
        let read = [0, 5, 1, 4, 9, 0, 4, 7, 7, 6, 9, 8, 0]
        #expect(EANCheckDigit.isValid(read))
        var doubts = [Bool](repeating: false, count: 13)
        doubts[2] = true
        doubts[8] = true
        #expect(EANRowDecoder.checkAllowsPartners(read, doubts, EANCheckDigit.isValid))
        // One doubtful digit alone changes the sum by 6 or 18: never valid again.
        doubts[8] = false
        #expect(!EANRowDecoder.checkAllowsPartners(read, doubts, EANCheckDigit.isValid))
        #expect(!EANRowDecoder.checkAllowsPartners(read, [Bool](repeating: false, count: 13), EANCheckDigit.isValid))
    }

    /// A set A 1 (space 2, bar 2, space 2, bar 1 modules) whose bars read 0.7 module wider each: nearer
    /// the 7 (1, 3, 1, 2) unless the spread takes the extra width off.
    @Test func widthsNearerThePartner() {
        let m = EANDigitMatcher.setA
        let thick = (1.3, 2.7, 1.3, 1.7)
        #expect(m.readsAsPartner(thick, spread: 0, firstIsBar: false, digit: 1, setB: false))
        #expect(!m.readsAsPartner(thick, spread: 0.7, firstIsBar: false, digit: 1, setB: false))
        #expect(!m.readsAsPartner((2, 2, 2, 1), spread: 0, firstIsBar: false, digit: 1, setB: false))
        #expect(!m.readsAsPartner((2, 2, 2, 1), spread: 0, firstIsBar: false, digit: 5, setB: false))
    }
}
