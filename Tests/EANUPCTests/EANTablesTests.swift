import Testing

@testable import EANUPC

@Suite("EAN/UPC tables, check digits and UPC-E expansion")
struct EANTablesTests {
    @Test func checkDigits() {
        #expect(EANCheckDigit.isValid(EANTestRenderer.digits("4006381333931")))
        #expect(!EANCheckDigit.isValid(EANTestRenderer.digits("4006381333932")))
        #expect(EANCheckDigit.compute(EANTestRenderer.digits("03600029145")) == 2)
        #expect(EANCheckDigit.compute(EANTestRenderer.digits("9638507")) == 4)
    }

    @Test(arguments: [
        ("0123450", "01200000345"), ("0123451", "01210000345"), ("0123452", "01220000345"),
        ("0123453", "01230000045"), ("0123454", "01234000005"), ("0123455", "01234500005"),
        ("1987659", "19876500009"),
    ])
    func upcEExpansion(upce: String, upcABody: String) {
        let body = EANTestRenderer.digits(upcABody)
        let check = EANTestRenderer.check(body)
        let expanded = UPCEExpansion.upcA(EANTestRenderer.digits(upce) + [check])
        #expect(expanded == body + [check])
    }

    @Test func decoderTablesAgreeWithTheBitStrings() {
        func widths(_ bits: String) -> [Int] {
            var out: [Int] = [], last: Character = " "
            for b in bits { if b == last { out[out.count - 1] += 1 } else { out.append(1); last = b } }
            return out
        }
        for d in 0..<10 {
            #expect(EANPatterns.setA[d] == widths(EANTestRenderer.setA[d]))
            #expect(EANPatterns.setB[d] == widths(EANTestRenderer.setB(d)))
            #expect(EANPatterns.setC[d] == widths(EANTestRenderer.setC(d)))
            #expect(EANPatterns.firstDigitParity[d] == EANTestRenderer.ean13Parity[d].map { $0 == "B" })
            #expect(EANPatterns.upcEParity[d] == EANTestRenderer.upcE0Parity[d].map { $0 == "B" })
        }
    }

    @Test func digitMatcherToleratesInkSpread() {
        // Digit 1 (2221) and 7 (1312) in set A, bars 0.4 module too wide and spaces 0.4 too narrow.
        let one = EANDigitMatcher.setA.match(1.6, 2.4, 1.6, 1.4, spread: 0.4)
        let seven = EANDigitMatcher.setA.match(0.6, 3.4, 0.6, 2.4, spread: 0.4)
        #expect(one?.digit == 1)
        #expect(seven?.digit == 7)
        #expect(EANDigitMatcher.setA.match(1, 1, 1, 1) == nil)
    }
}
