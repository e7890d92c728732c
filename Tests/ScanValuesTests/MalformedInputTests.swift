import ScanCore
import ScanValues
import Testing

/// Every truncation and many corruptions of each valid sample: the parser must not trap, must return an
/// object, and must leave the raw value alone.
@Suite struct MalformedInputTests {
    static let gs = "\u{1D}"

    /// (payload, format, symbology identifier) of one valid sample per type.
    static let samples: [(String, BarcodeFormat, String)] = [
        (#"WIFI:T:WPA;S:My\;Net\:work\\;P:pa\;ss\\word\:1;H:true;;"#, .qrcode, "]Q1"),
        (
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen\r\n"
                + "NOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nb\r\nTEL;WORK;FAX:+49 30 1\r\nEND:VCARD", .qrcode, "]Q1"
        ),
        (
            "BEGIN:VCARD\nVERSION:4.0\nFN:Kenji Wata\n nabe\nTEL;VALUE=uri;TYPE=\"voice,home\":tel:+81-3\n"
                + "ADR:;;1 Road\\nTwo;City;;123;Land\nEND:VCARD", .qrcode, "]Q1"
        ),
        ("MECARD:N:Sato,Hanako;TEL:+81312345678;TEL:+819012345678;ADR:a,b,c,d,e,f,g;;", .qrcode, "]Q1"),
        ("MEBKM:TITLE:Docs;URL:https\\://example.com;;", .qrcode, "]Q1"),
        ("mailto:ann@example.com?subject=Hi%20there&body=x%ZZ%", .qrcode, "]Q1"),
        ("MATMSG:TO:ann@example.com;SUB:S;BODY:B;;", .qrcode, "]Q1"),
        ("tel:+1-201-555-0123;ext=12", .qrcode, "]Q1"),
        ("SMSTO:+15550100:Running late", .qrcode, "]Q1"),
        ("sms:+15550100,+1555?body=On%20my%20way", .qrcode, "]Q1"),
        ("geo:48.2010,16.3695,183;u=35?q=Stephansplatz", .qrcode, "]Q1"),
        (
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Review\r\nDTSTART;TZID=Europe/Berlin:20250910T093000\r\n"
                + "DTEND;VALUE=DATE:20250911\r\nORGANIZER;CN=\"A:B\":mailto:a@b.c\r\nEND:VEVENT\r\nEND:VCALENDAR",
            .qrcode, "]Q1"
        ),
        (
            aamvaRecord(
                version: 1, subfiles: [("DL", ["DAAPUBLIC,JOHN,Q", "DAQT1", "DBB19700704", "DBCM"])]), .pdf417, "]L2"
        ),
        (
            aamvaRecord(version: 3, subfiles: [("DL", ["DAQR1", "DCSRIVERA", "DCTANA MARIA", "DBB03151988"])]),
            .pdf417, "]L2"
        ),
        (
            aamvaRecord(
                version: 10,
                subfiles: [("DL", ["DCSDOE", "DACJANE", "DBB07041990", "DAQW1", "DCGUSA"]), ("ZW", ["ZWAX"])]),
            .pdf417, "]L2"
        ),
        ("0109501101530003" + "17250600" + "10ABC123" + gs + "3103001250" + "21SER/9", .code128, "]C1"),
        ("https://id.example.com/01/09501101530003/10/AB%2F12?17=261231", .qrcode, "]Q1"),
        ("9780306406157", .ean13, "]E0"),
        ("036000291452", .upca, "]E0"),
    ]

    @Test func everyTruncationParses() {
        for (text, format, identifier) in Self.samples {
            let full = ValueParser.parse(barcode(text, format: format, identifier: identifier))
            #expect(full.valueType != .text, "sample should parse: \(text.debugDescription) → \(full.value)")
            var cut = text
            while !cut.isEmpty {
                cut.removeLast()
                check(cut, format: format, identifier: identifier)
            }
            // Byte-level cuts, which may split a UTF-8 sequence.
            let bytes = Array(text.utf8)
            for n in 0..<bytes.count {
                check(String(decoding: bytes[..<n], as: UTF8.self), format: format, identifier: identifier)
            }
        }
    }

    @Test func corruptedBytesParse() {
        var rng = SplitMix64(seed: 0x5CA11)
        let specials: [UInt8] = [0x0A, 0x0D, 0x1D, 0x1E, 0x3A, 0x3B, 0x3D, 0x5C, 0x25, 0x22, 0x2C, 0x40, 0x00, 0xFF]
        for (text, format, identifier) in Self.samples {
            let bytes = Array(text.utf8)
            for _ in 0..<300 {
                var b = bytes
                for _ in 0..<(1 + Int(rng.next() % 4)) where !b.isEmpty {
                    let i = Int(rng.next() % UInt64(b.count))
                    switch rng.next() % 3 {
                    case 0: b[i] = specials[Int(rng.next() % UInt64(specials.count))]
                    case 1: b.remove(at: i)
                    default: b.insert(UInt8(truncatingIfNeeded: rng.next()), at: i)
                    }
                }
                check(String(decoding: b, as: UTF8.self), format: format, identifier: identifier)
            }
        }
    }

    @Test func oddInputsParse() {
        for text in [
            "", " ", ":", ";;", "\\", "WIFI:", "WIFI:\\", "MECARD:", "MECARD:;;", "BEGIN:VCARD",
            "BEGIN:VCARD\nEND:VCARD",
            "BEGIN:VEVENT\nEND:VEVENT", "geo:", "geo:,", "geo:1,2,", "tel:", "sms:", "SMSTO:", "mailto:", "mailto:?",
            "MATMSG:", "MEBKM:", "@", "@ANSI ", "@\n\u{1E}\rANSI 6360991099DL99999999", "https://", "https://x/01/",
            "https://x/01/1/10", "www.", "a@b.c", "=", "BEGIN:VCARD\nN;ENCODING=QUOTED-PRINTABLE:=\nEND:VCARD",
        ] {
            check(text, format: .qrcode, identifier: "]Q1")
            check(text, format: .code128, identifier: "]C1")
            check(text, format: .ean13, identifier: "]E0")
        }
    }

    func check(_ text: String, format: BarcodeFormat, identifier: String) {
        let code = barcode(text, format: format, identifier: identifier)
        let enriched = code.withParsedValue()
        #expect(enriched.rawValue == text)
        #expect(enriched.rawBytes == Array(text.utf8))
        guard case .object = enriched.value else {
            Issue.record("value is not an object for \(text.debugDescription)")
            return
        }
        _ = JSONValue.object(enriched.jsonObject).serialized
    }
}
