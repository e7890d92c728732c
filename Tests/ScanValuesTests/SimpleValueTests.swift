import ScanCore
import ScanValues
import Testing

@Suite struct SimpleValueTests {
    @Test func url() {
        let p = parsed("https://example.com/a?b=c")
        #expect(p.valueType == .url)
        #expect(p.value == .object(["url": .string("https://example.com/a?b=c"), "title": .null]))
        #expect(p.displayValue == "https://example.com/a?b=c")
        #expect(parsed("www.example.org").valueType == .url)
        #expect(parsed("https://example.com/has space").valueType == .text)
    }

    @Test func bookmark() {
        let p = parsed(#"MEBKM:TITLE:Docs\; v2;URL:https\://example.com/docs;;"#)
        #expect(p.valueType == .url)
        #expect(p.value == .object(["url": .string("https://example.com/docs"), "title": .string("Docs; v2")]))
        #expect(p.displayValue == "https://example.com/docs")
    }

    @Test func mailto() {
        let p = parsed(
            "mailto:ann@example.com,bo@example.com?subject=Hi%20there&body=See%20you%0Asoon&cc=cy@example.com")
        #expect(p.valueType == .email)
        #expect(
            p.value
                == .object([
                    "address": .string("ann@example.com"), "subject": .string("Hi there"),
                    "body": .string("See you\nsoon"), "type": .string("unknown"),
                    "to": .array([.string("ann@example.com"), .string("bo@example.com")]),
                    "cc": .array([.string("cy@example.com")]), "bcc": .array([]),
                ]))
        #expect(p.displayValue == "ann@example.com")
    }

    @Test func matmsgAndBareAddress() {
        let p = parsed(#"MATMSG:TO:ann@example.com;SUB:Order\; 12;BODY:Ship it;;"#)
        #expect(p.valueType == .email)
        #expect(p.value["address"]?.string == "ann@example.com")
        #expect(p.value["subject"]?.string == "Order; 12")
        #expect(p.value["body"]?.string == "Ship it")
        let bare = parsed("chloé@test.example")
        #expect(bare.valueType == .email)
        #expect(bare.value["address"]?.string == "chloé@test.example")
        #expect(parsed("not an @ address").valueType == .text)
    }

    @Test func phone() {
        let p = parsed("tel:+1-201-555-0123;ext=12")
        #expect(p.valueType == .phone)
        #expect(
            p.value
                == .object([
                    "number": .string("+1-201-555-0123"), "type": .string("unknown"),
                    "parameters": .object(["ext": .string("12")]),
                ]))
        #expect(p.displayValue == "+1-201-555-0123")
        let bad = parsed("tel:call me")
        #expect(bad.valueType == .text)
        #expect(bad.value["reason"]?.string == "tel: without a phone number")
    }

    @Test func sms() {
        let a = parsed("SMSTO:+15550100:Running late: 10 min")
        #expect(a.valueType == .sms)
        #expect(
            a.value
                == .object([
                    "phone_number": .string("+15550100"), "phone_numbers": .array([.string("+15550100")]),
                    "message": .string("Running late: 10 min"),
                ]))
        #expect(a.displayValue == "+15550100")
        let b = parsed("sms:+15550100,+15550111?body=On%20my%20way")
        #expect(b.value["phone_number"]?.string == "+15550100")
        #expect(b.value["phone_numbers"]?.array?.count == 2)
        #expect(b.value["message"]?.string == "On my way")
        let c = parsed("sms:+15550100")
        #expect(c.valueType == .sms)
        #expect(c.value["message"] == .null)
    }

    @Test func geo() {
        let p = parsed("geo:48.2010,16.3695,183;u=35?q=Stephansplatz%2C%20Wien")
        #expect(p.valueType == .geo)
        #expect(
            p.value
                == .object([
                    "lat": .number(48.2010), "lng": .number(16.3695), "altitude": .number(183),
                    "uncertainty": .number(35), "crs": .null, "query": .string("Stephansplatz, Wien"),
                ]))
        #expect(p.displayValue == "48.2010,16.3695")
        let q = parsed("geo:0,0?q=1600+Amphitheatre+Parkway")
        #expect(q.value["query"]?.string == "1600 Amphitheatre Parkway")
        #expect(q.value["altitude"] == .null)
        let far = parsed("geo:91.0,10.0")
        #expect(far.valueType == .text)
        #expect(far.value["reason"]?.string == "geo: coordinates out of range")
        #expect(parsed("geo:abc,def").value["reason"]?.string == "geo: without latitude,longitude")
    }

    @Test func plainTextAndBinary() {
        let p = parsed("Hello, world")
        #expect(p.valueType == .text)
        #expect(p.value == .object([:]))
        #expect(p.displayValue == "Hello, world")
        var binary = barcode("x")
        binary.rawValue = nil
        binary.displayValue = "ff00"
        let b = ValueParser.parse(binary)
        #expect(b.valueType == .unknown)
        #expect(b.displayValue == "ff00")
        // A PNG's bytes read as ISO/IEC 8859-1 (QR Code's default) are no text: NUL and other controls.
        let png = ValueParser.parse(barcode("\u{89}PNG\r\n\u{1A}\n\u{0}\u{0}\u{0}\rIHDR"))
        #expect(png.valueType == .unknown && png.value == .object([:]))
        // Tab, line breaks and the separators of structured data (AAMVA's RS, ISO/IEC 15434's GS, EOT) are text.
        #expect(parsed("a\tb\r\nc\u{1E}d\u{1D}e\u{4}").valueType == .text)
    }

    @Test func withParsedValueKeepsTheRawValue() {
        let code = barcode("WIFI:S:Home;T:WPA;P:pw;;")
        let enriched = code.withParsedValue()
        #expect(enriched.rawValue == code.rawValue)
        #expect(enriched.rawBytes == code.rawBytes)
        #expect(enriched.valueType == .wifi)
        #expect(enriched.displayValue == "Home")
        #expect(enriched.jsonObject["value_type"] == .string("wifi"))
        #expect(enriched.jsonObject["value"]?["ssid"]?.string == "Home")
        #expect(code.jsonObject["value"] == .null)
    }
}
