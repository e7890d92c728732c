import ScanCore
import ScanValues
import Testing

@Suite struct GS1Tests {
    let gs = "\u{1D}"

    @Test func variableLengthAIsSeparatedByGSAndEndingWithoutOne() {
        let raw = "0109501101530003" + "17250600" + "10ABC123" + gs + "3103001250" + "21SER/9"
        let p = parsed(raw, format: .code128, identifier: "]C1")
        #expect(p.valueType == .gs1)
        #expect(p.displayValue == "(01)09501101530003(17)250600(10)ABC123(3103)001250(21)SER/9")
        #expect(p.value["hri"]?.string == p.displayValue)
        #expect(p.value["source"]?.string == "element_string")
        #expect(p.value["gtin"]?.string == "09501101530003")
        let e = p.value["elements"]?.array ?? []
        try? #require(e.count == 5)
        #expect(
            e[0]
                == .object([
                    "ai": .string("01"), "data_title": .string("GTIN"), "value": .string("09501101530003"),
                    "fixed_length": .bool(true),
                ]))
        #expect(
            e[1]
                == .object([
                    "ai": .string("17"), "data_title": .string("USE BY or EXPIRY"), "value": .string("250600"),
                    "fixed_length": .bool(true), "date": .string("2025-06"),
                ]))
        #expect(
            e[2]
                == .object([
                    "ai": .string("10"), "data_title": .string("BATCH/LOT"), "value": .string("ABC123"),
                    "fixed_length": .bool(false),
                ]))
        #expect(e[3]["data_title"]?.string == "NET WEIGHT (kg)")
        #expect(e[3]["decimal"]?.string == "1.250")
        #expect(e[4]["ai"]?.string == "21")
        #expect(e[4]["value"]?.string == "SER/9")
    }

    @Test(arguments: ["]C1", "]d2", "]Q3", "]e0", "]z1"])
    func gs1SymbologyIdentifiers(identifier: String) {
        let p = parsed("00106141411234567897" + "10LOT7" + gs + "15261231", identifier: identifier)
        #expect(p.valueType == .gs1)
        #expect(p.displayValue == "(00)106141411234567897(10)LOT7(15)261231")
        #expect(p.value["elements"]?[2]?["date"]?.string == "2026-12-31")
    }

    @Test func leadingFNC1AndIdentifierPrefixAreSkipped() {
        #expect(parsed(gs + "0109501101530003", identifier: "]d2").displayValue == "(01)09501101530003")
        #expect(parsed("]C10109501101530003", identifier: "]C1").displayValue == "(01)09501101530003")
        // A trailing GS is tolerated.
        #expect(parsed("10A" + gs, identifier: "]C1").displayValue == "(10)A")
    }

    @Test(arguments: [
        ("0109501101530004", "AI (01) check digit is wrong"),
        ("00106141411234567890", "AI (00) check digit is wrong"),
        ("4141234567890123", "AI (414) check digit is wrong"),
        ("23123", "unknown Application Identifier at '2312'"),
        ("01095011015300", "AI (01) needs 14 characters"),
        ("10" + String(repeating: "A", count: 21), "AI (10) data longer than 20 characters"),
        ("17251332", "AI (17) is not a valid date YYMMDD"),
        ("7003250101123010ABC", "AI (7003) must be followed by a GS separator"),
        ("3103ABCDEF", "AI (3103) must hold digits only"),
        ("10AB CD", "AI (10) must hold characters of GS1 set 82"),
        ("", "empty GS1 element string"),
        ("10ABC\u{1D}10DEF", "AI (10) appears twice with different data"),
    ])
    func brokenRulesAreTextWithReason(raw: String, reason: String) {
        let p = parsed(raw, format: .datamatrix, identifier: "]d2")
        #expect(p.valueType == .text)
        #expect(p.value == .object(["reason": .string(reason)]))
        #expect(p.displayValue == raw)
    }

    @Test func checkDigitsAndDates() {
        #expect(GS1ElementString.checkDigitValid("09501101530003"))
        #expect(GS1ElementString.checkDigitValid("106141411234567897"))
        #expect(!GS1ElementString.checkDigitValid("106141411234567891"))
        #expect(GS1ElementString.date("250600", referenceYear: 2026) == "2025-06")
        #expect(GS1ElementString.date("240229", referenceYear: 2026) == "2024-02-29")
        #expect(GS1ElementString.date("230229", referenceYear: 2026) == nil)
        // §7.12 sliding century: 51+ years ahead is last century, 50+ behind is next.
        #expect(GS1ElementString.date("760101", referenceYear: 2026) == "2076-01-01")
        #expect(GS1ElementString.date("770101", referenceYear: 2026) == "1977-01-01")
        #expect(GS1ElementString.date("410101", referenceYear: 2090) == "2041-01-01")
        #expect(GS1ElementString.date("400101", referenceYear: 2090) == "2140-01-01")
    }

    @Test func aiTableIsPrefixFreeAndKnowsItsLengths() {
        let codes = GS1ApplicationIdentifiers.table.keys
        for a in codes {
            for b in codes where a != b { #expect(!b.hasPrefix(a), "\(a) is a prefix of \(b)") }
        }
        let gtin = GS1ApplicationIdentifiers.identifier("01")
        #expect(gtin?.isFixedLength == true && gtin?.maxLength == 14 && gtin?.requiresFNC1 == false)
        let lot = GS1ApplicationIdentifiers.identifier("10")
        #expect(lot?.isFixedLength == false && lot?.maxLength == 20 && lot?.requiresFNC1 == true)
        #expect(GS1ApplicationIdentifiers.identifier("7003")?.requiresFNC1 == true)
        #expect(GS1ApplicationIdentifiers.identifier("3922")?.impliedDecimals == 2)
        #expect(GS1ApplicationIdentifiers.identifier("95")?.dataTitle == "INTERNAL")
        #expect(GS1ApplicationIdentifiers.identifier("7035")?.format == "N3+X..27")
    }

    @Test func digitalLinkURI() {
        let uri = "https://id.example.com/01/09501101530003/10/AB%2F12/21/XYZ?17=261231&3103=000500&utm=x&5=y"
        let p = parsed(uri)
        #expect(p.valueType == .gs1)
        #expect(p.displayValue == "(01)09501101530003(10)AB/12(21)XYZ(17)261231(3103)000500")
        #expect(p.value["source"]?.string == "digital_link")
        #expect(p.value["uri"]?.string == uri)
        #expect(p.value["gtin"]?.string == "09501101530003")
        #expect(p.value["elements"]?[4]?["decimal"]?.string == "0.500")
    }

    @Test func digitalLinkWithPathPrefixAndShortGTIN() {
        let p = parsed("https://example.com/products/01/9501101530010")
        #expect(p.valueType == .gs1)
        #expect(p.displayValue == "(01)09501101530010")
    }

    @Test func brokenDigitalLinkStaysAURL() {
        let p = parsed("https://example.com/01/09501101530004")
        #expect(p.valueType == .url)
        #expect(parsed("https://example.com/01/09501101530003?17=251399").valueType == .url)
        #expect(parsed("https://example.com/01/").valueType == .url)
    }
}

@Suite struct ProductValueTests {
    @Test func isbn13() {
        let p = parsed("9780306406157", format: .ean13, identifier: "]E0")
        #expect(p.valueType == .isbn)
        #expect(
            p.value
                == .object([
                    "number": .string("9780306406157"), "gtin": .string("09780306406157"), "addon": .null,
                    "isbn13": .string("9780306406157"), "isbn10": .string("0306406152"),
                ]))
        #expect(p.displayValue == "9780306406157")
        let ismn = parsed("9791000000008", format: .ean13, identifier: "]E0")
        #expect(ismn.valueType == .isbn)
        #expect(ismn.value["isbn10"] == .null)
    }

    @Test func isbnWithAddOn() {
        let code = barcode("978030640615751299", format: .ean13, identifier: "]E3", addOn: "51299")
        var withDisplay = code
        withDisplay.displayValue = "9780306406157 51299"
        let p = ValueParser.parse(withDisplay)
        #expect(p.valueType == .isbn)
        #expect(p.value["isbn13"]?.string == "9780306406157")
        #expect(p.value["addon"]?.string == "51299")
        #expect(p.displayValue == "9780306406157 51299")
    }

    @Test func products() {
        let ean = parsed("4006381333931", format: .ean13, identifier: "]E0")
        #expect(ean.valueType == .product)
        #expect(
            ean.value
                == .object(["number": .string("4006381333931"), "gtin": .string("04006381333931"), "addon": .null]))
        #expect(ean.displayValue == "4006381333931")
        let upca = parsed("036000291452", format: .upca, identifier: "]E0")
        #expect(upca.valueType == .product)
        #expect(upca.value["gtin"]?.string == "00036000291452")
        let ean8 = parsed("96385074", format: .ean8, identifier: "]E4")
        #expect(ean8.value["gtin"]?.string == "00000096385074")
        let upce = ValueParser.parse(
            barcode("01234565", format: .upce, identifier: "]E0", upcA: "012345000065"))
        #expect(upce.valueType == .product)
        #expect(upce.value["gtin"]?.string == "00012345000065")
        #expect(upce.value["upca"]?.string == "012345000065")
        #expect(upce.displayValue == "01234565")
    }
}
