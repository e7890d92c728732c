import ScanCore
import ScanValues
import Testing

@Suite struct ContactTests {
    @Test func vCard30WithFoldedLines() {
        let text = [
            "BEGIN:VCARD", "VERSION:3.0", "N:Okafor;Ada;Ngozi;Prof.;PhD", #"FN:Prof. Ada Ngozi Okafor\, PhD"#,
            "ORG:Example Research Ltd;Imaging Lab", "TITLE:Principal Investigator",
            "TEL;TYPE=WORK,VOICE:+44 20 7946 0000", "TEL;TYPE=cell:+44 7700 900123",
            "EMAIL;TYPE=INTERNET,WORK:ada.okafor@example.org",
            #"ADR;TYPE=WORK:;Suite 4;1 Long Road\nSecond line;Cambridge;;CB2 1TN;United Kingdom"#,
            "URL:https://example.org/~ada", "BDAY:19800229",
            "NOTE:This note is long enough that it was fol", #" ded by the generator\, twice: once h"#, "\tere.",
            "END:VCARD", "",
        ].joined(separator: "\r\n")
        let p = parsed(text)
        #expect(p.valueType == .contactInfo)
        #expect(p.displayValue == "Prof. Ada Ngozi Okafor, PhD")
        #expect(
            p.value["name"]
                == .object([
                    "formatted_name": .string("Prof. Ada Ngozi Okafor, PhD"), "pronunciation": .null,
                    "prefix": .string("Prof."), "first": .string("Ada"), "middle": .string("Ngozi"),
                    "last": .string("Okafor"), "suffix": .string("PhD"),
                ]))
        #expect(p.value["organization"]?.string == "Example Research Ltd, Imaging Lab")
        #expect(p.value["title"]?.string == "Principal Investigator")
        #expect(
            p.value["phones"]
                == .array([
                    .object(["number": .string("+44 20 7946 0000"), "type": .string("work")]),
                    .object(["number": .string("+44 7700 900123"), "type": .string("mobile")]),
                ]))
        #expect(
            p.value["emails"]
                == .array([
                    .object([
                        "address": .string("ada.okafor@example.org"), "subject": .null, "body": .null,
                        "type": .string("work"),
                    ])
                ]))
        let address = p.value["addresses"]?[0]
        #expect(
            address?["address_lines"]
                == .array(
                    ["Suite 4", "1 Long Road", "Second line", "Cambridge, CB2 1TN", "United Kingdom"].map {
                        .string($0)
                    }))
        #expect(address?["type"]?.string == "work")
        #expect(address?["city"]?.string == "Cambridge")
        #expect(address?["postal_code"]?.string == "CB2 1TN")
        #expect(address?["country"]?.string == "United Kingdom")
        #expect(p.value["urls"] == .array([.string("https://example.org/~ada")]))
        #expect(p.value["birthday"]?.string == "1980-02-29")
        #expect(
            p.value["note"]?.string == "This note is long enough that it was folded by the generator, twice: once here."
        )
    }

    @Test func vCard21QuotedPrintableUTF8() {
        let text = [
            "BEGIN:VCARD", "VERSION:2.1",
            "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;Dr.;",
            "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Dr. J=C3=BCrgen M=C3=BCller",
            "TEL;WORK;VOICE:+49 30 1234567", "TEL;CELL:+49 170 1234567", "TEL;WORK;FAX:+49 30 1234568",
            "ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Hauptstra=C3=9Fe 5;K=C3=B6ln;;50667;Deutschland",
            "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Gr=C3=BC=C3=9Fe aus K=C3=B6ln, mit einer langen Fortsetzu=",
            "ng der Zeile",
            "EMAIL;INTERNET;HOME:juergen@example.de",
            "END:VCARD",
        ].joined(separator: "\r\n")
        let p = parsed(text)
        #expect(p.valueType == .contactInfo)
        #expect(p.displayValue == "Dr. Jürgen Müller")
        #expect(p.value["name"]?["last"]?.string == "Müller")
        #expect(p.value["name"]?["first"]?.string == "Jürgen")
        #expect(p.value["name"]?["prefix"]?.string == "Dr.")
        #expect(p.value["phones"]?.array?.map { $0["type"]?.string ?? "" } == ["work", "mobile", "fax"])
        #expect(p.value["phones"]?[2]?["number"]?.string == "+49 30 1234568")
        #expect(
            p.value["addresses"]?[0]?["address_lines"]
                == .array([.string("Hauptstraße 5"), .string("Köln, 50667"), .string("Deutschland")]))
        #expect(p.value["addresses"]?[0]?["type"]?.string == "home")
        #expect(p.value["note"]?.string == "Grüße aus Köln, mit einer langen Fortsetzung der Zeile")
        #expect(p.value["emails"]?[0]?["address"]?.string == "juergen@example.de")
        #expect(p.value["emails"]?[0]?["type"]?.string == "home")
    }

    @Test func vCard21Latin1Charset() {
        let text = "BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Ren=E9 Dupont\nEND:VCARD"
        #expect(parsed(text).displayValue == "René Dupont")
    }

    @Test func vCard40WithURIValues() {
        let text = [
            "BEGIN:VCARD", "VERSION:4.0", "FN:Kenji Wata", " nabe", "N:Watanabe;Kenji;;;",
            #"TEL;VALUE=uri;TYPE="voice,home":tel:+81-3-5555-0100"#, "EMAIL;TYPE=work:kenji@example.jp",
            "BDAY:--0415", "item1.URL:https://example.jp/kenji", "END:VCARD",
        ].joined(separator: "\n")
        let p = parsed(text)
        #expect(p.valueType == .contactInfo)
        #expect(p.displayValue == "Kenji Watanabe")
        #expect(
            p.value["phones"] == .array([.object(["number": .string("+81-3-5555-0100"), "type": .string("home")])]))
        #expect(p.value["emails"]?[0]?["type"]?.string == "work")
        #expect(p.value["birthday"]?.string == "--0415")
        #expect(p.value["urls"] == .array([.string("https://example.jp/kenji")]))
        #expect(p.value["organization"] == .null)
        #expect(p.value["addresses"] == .array([]))
    }

    @Test func vCardWithoutFNUsesN() {
        let p = parsed("BEGIN:VCARD\nVERSION:3.0\nN:Berg;Anna;;;\nEND:VCARD")
        #expect(p.displayValue == "Anna Berg")
        #expect(p.value["name"]?["formatted_name"]?.string == "Anna Berg")
    }

    @Test func malformedVCardsAreText() {
        let cut = parsed("BEGIN:VCARD\nVERSION:3.0\nFN:Anna Berg\nTEL:+1555")
        #expect(cut.valueType == .text)
        #expect(cut.value["reason"]?.string == "vCard without END:VCARD")
        #expect(cut.displayValue == "BEGIN:VCARD\nVERSION:3.0\nFN:Anna Berg\nTEL:+1555")
        let noColon = parsed("BEGIN:VCARD\nVERSION:3.0\nFN Anna Berg\nEND:VCARD")
        #expect(noColon.valueType == .text)
        #expect(noColon.value["reason"]?.string == "vCard line without ':'")
    }

    @Test func mecardWithSeveralPhones() {
        let text =
            #"MECARD:N:Sato,Hanako;SOUND:sato,hanako;TEL:+81312345678;TEL:+819012345678;TEL-AV:+81355550000;"#
            + #"EMAIL:hanako@example.jp;ADR:1-2-3 Chiyoda\, Tokyo;BDAY:19900101;NOTE:Call after 6\;00;"#
            + #"URL:https\://example.jp;ORG:Example KK;;"#
        let p = parsed(text)
        #expect(p.valueType == .contactInfo)
        #expect(p.displayValue == "Hanako Sato")
        #expect(
            p.value["name"]
                == .object([
                    "formatted_name": .string("Hanako Sato"), "pronunciation": .string("sato hanako"),
                    "prefix": .null, "first": .string("Hanako"), "middle": .null, "last": .string("Sato"),
                    "suffix": .null,
                ]))
        #expect(
            p.value["phones"]
                == .array(
                    ["+81312345678", "+819012345678", "+81355550000"].map {
                        .object(["number": .string($0), "type": .string("unknown")])
                    }))
        #expect(p.value["emails"]?[0]?["address"]?.string == "hanako@example.jp")
        #expect(p.value["addresses"]?[0]?["address_lines"] == .array([.string("1-2-3 Chiyoda, Tokyo")]))
        #expect(p.value["birthday"]?.string == "1990-01-01")
        #expect(p.value["note"]?.string == "Call after 6;00")
        #expect(p.value["urls"] == .array([.string("https://example.jp")]))
        #expect(p.value["organization"]?.string == "Example KK")
    }
}
