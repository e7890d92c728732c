import MSIPlessey
import Testing

/// The check digit schemes, on the digits zint 2.11 writes for them (`zint -b MSI_PLESSEY --vers=N`).
@Suite struct MSICheckDigitTests {
    func digits(_ s: String) -> [Int] { s.compactMap(\.wholeNumberValue) }

    @Test func modulo10() {
        #expect(MSICheckScheme.mod10(digits("1234567")) == 4)
        #expect(MSICheckScheme.mod10(digits("1")) == 8)
        #expect(MSICheckScheme.mod10(digits("80523")) == 4)
        #expect(MSICheckScheme.mod10(digits("0")) == 0)
    }

    @Test func modulo11() {
        #expect(MSICheckScheme.mod11(digits("1234567")) == 4)
        #expect(MSICheckScheme.mod11(digits("12")) == 4)
        #expect(MSICheckScheme.mod11(digits("31")) == 0)
        #expect(MSICheckScheme.mod11(digits("6")) == 10)
        #expect(MSICheckScheme.mod11(digits("9999")) == 6)
    }

    @Test(arguments: [
        (MSICheckScheme.mod10, "12345674", 1 as Int?), (.mod10, "12345675", nil),
        (.mod10mod10, "123456741", 2), (.mod10mod10, "123456742", nil),
        (.mod11, "12345674", 1), (.mod11, "610", 2), (.mod11, "611", nil),
        (.mod11mod10, "61060", nil), (.mod11mod10, "6106", 3), (.mod11mod10, "8052383", 2),
    ])
    func verification(scheme: MSICheckScheme, text: String, count: Int?) {
        #expect(scheme.checkDigitCount(digits(text)) == count)
    }
}
