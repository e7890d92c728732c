import ScanCore
import ScanValues
import Testing

/// Builds an AAMVA DL/ID record (header, subfile directory, subfiles) as a PDF417 reader returns it.
/// People and numbers are invented.
func aamvaRecord(
    version: Int, jurisdictionVersion: Int? = 0, iin: String = "636099", fileType: String = "ANSI ",
    subfiles: [(String, [String])], offsetShift: Int = 0
) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    func four(_ n: Int) -> String { String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }
    var header = "@\n\u{1E}\r" + fileType + iin + two(version)
    if version >= 2 { header += two(jurisdictionVersion ?? 0) }
    header += two(subfiles.count)
    let bodies = subfiles.map { $0.0 + $0.1.joined(separator: "\n") + "\r" }
    var offset = header.utf8.count + 10 * subfiles.count
    var directory = ""
    for (sub, body) in zip(subfiles, bodies) {
        directory += sub.0 + four(offset + offsetShift) + four(body.utf8.count)
        offset += body.utf8.count
    }
    return header + directory + bodies.joined()
}

@Suite struct AAMVAParserTests {
    func parse(_ record: String) -> ParsedValue { parsed(record, format: .pdf417, identifier: "]L2") }

    @Test func version1FullName() {
        let record = aamvaRecord(
            version: 1,
            subfiles: [
                (
                    "DL",
                    [
                        "DAAPUBLIC,JOHN,QUINCY", "DAG123 MAIN ST", "DAIANYTOWN", "DAJVA", "DAK223030000",
                        "DAQT12345678", "DBA20300115", "DBB19700704", "DBCM", "DBD20220115",
                    ]
                )
            ])
        #expect(record.hasPrefix("@\n\u{1E}\rANSI 6360990101DL"))
        let p = parse(record)
        #expect(p.valueType == .driverLicense)
        #expect(p.displayValue == "JOHN QUINCY PUBLIC")
        let v = p.value
        #expect(v["document_type"]?.string == "DL")
        #expect(v["first_name"]?.string == "JOHN")
        #expect(v["middle_name"]?.string == "QUINCY")
        #expect(v["last_name"]?.string == "PUBLIC")
        #expect(v["gender"]?.string == "M")
        #expect(v["address_street"]?.string == "123 MAIN ST")
        #expect(v["address_city"]?.string == "ANYTOWN")
        #expect(v["address_state"]?.string == "VA")
        #expect(v["address_zip"]?.string == "223030000")
        #expect(v["license_number"]?.string == "T12345678")
        #expect(v["birth_date"]?.string == "1970-07-04")
        #expect(v["issue_date"]?.string == "2022-01-15")
        #expect(v["expiry_date"]?.string == "2030-01-15")
        #expect(v["issuing_country"]?.string == "USA")
        #expect(v["aamva_version"]?.number == 1)
        #expect(v["jurisdiction_version"] == .null)
        #expect(v["iin"]?.string == "636099")
    }

    @Test func version3GivenNames() {
        let record = aamvaRecord(
            version: 3, jurisdictionVersion: 1,
            subfiles: [
                (
                    "DL",
                    [
                        "DAQR123-4567-8901", "DCSRIVERA", "DCTANA MARIA", "DBB03151988", "DBA03152031",
                        "DBD03152023", "DBC2", "DAG45 OAK AVE", "DAISPRINGFIELD", "DAJIL", "DAK62701",
                    ]
                ),
                ("ZI", ["ZIAFOO", "ZIBBAR"]),
            ])
        let p = parse(record)
        #expect(p.valueType == .driverLicense)
        #expect(p.displayValue == "ANA MARIA RIVERA")
        #expect(p.value["first_name"]?.string == "ANA")
        #expect(p.value["middle_name"]?.string == "MARIA")
        #expect(p.value["last_name"]?.string == "RIVERA")
        #expect(p.value["gender"]?.string == "F")
        #expect(p.value["birth_date"]?.string == "1988-03-15")
        #expect(p.value["expiry_date"]?.string == "2031-03-15")
        #expect(p.value["issue_date"]?.string == "2023-03-15")
        #expect(p.value["license_number"]?.string == "R123-4567-8901")
        #expect(p.value["jurisdiction_version"]?.number == 1)
        #expect(p.value["subfiles"] == .array([.string("DL"), .string("ZI")]))
        #expect(p.value["elements"]?["ZIB"]?.string == "BAR")
    }

    @Test func version10FamilyGivenMiddle() {
        let record = aamvaRecord(
            version: 10, jurisdictionVersion: 0, iin: "636045",
            subfiles: [
                (
                    "DL",
                    [
                        "DCAC", "DCBNONE", "DCDNONE", "DBA07042030", "DCSDOE", "DACJANE", "DADALEXANDRA",
                        "DBD01022024", "DBB07041990", "DBC2", "DAYBRO", "DAU066 IN", "DAG1 ELM ST", "DAHAPT 2",
                        "DAISEATTLE", "DAJWA", "DAK981010000  ", "DAQWDL1234567", "DCFDD123", "DCGUSA", "DDEN",
                        "DDFN", "DDGN",
                    ]
                ),
                ("ZW", ["ZWAEXAMPLE"]),
            ])
        let p = parse(record)
        #expect(p.displayValue == "JANE ALEXANDRA DOE")
        let v = p.value
        #expect(v["first_name"]?.string == "JANE")
        #expect(v["middle_name"]?.string == "ALEXANDRA")
        #expect(v["last_name"]?.string == "DOE")
        #expect(v["address_street"]?.string == "1 ELM ST, APT 2")
        #expect(v["address_zip"]?.string == "981010000")
        #expect(v["birth_date"]?.string == "1990-07-04")
        #expect(v["expiry_date"]?.string == "2030-07-04")
        #expect(v["issue_date"]?.string == "2024-01-02")
        #expect(v["issuing_country"]?.string == "USA")
        #expect(v["aamva_version"]?.number == 10)
        #expect(v["iin"]?.string == "636045")
        #expect(v["elements"]?["DAU"]?.string == "066 IN")
        #expect(v["elements"]?["DCF"]?.string == "DD123")
    }

    @Test func version8CanadianIDWithYearFirstDates() {
        let record = aamvaRecord(
            version: 8, jurisdictionVersion: 2, iin: "636012",
            subfiles: [
                (
                    "ID",
                    [
                        "DAQO1234-56789-01234", "DCSTREMBLAY", "DACMARIE", "DADNONE", "DBB19851231",
                        "DBA20290630", "DBD20240630", "DBC2", "DAG100 RUE PRINCIPALE", "DAIOTTAWA", "DAJON",
                        "DAKK1A 0B1", "DCGCAN",
                    ]
                )
            ])
        let p = parse(record)
        #expect(p.value["document_type"]?.string == "ID")
        #expect(p.value["middle_name"] == .null)
        #expect(p.value["birth_date"]?.string == "1985-12-31")
        #expect(p.value["expiry_date"]?.string == "2029-06-30")
        #expect(p.value["issuing_country"]?.string == "CAN")
        #expect(p.value["address_zip"]?.string == "K1A 0B1")
        #expect(p.displayValue == "MARIE TREMBLAY")
    }

    @Test func offsetsThatMissTheirSubfileAreSearchedFor() {
        let record = aamvaRecord(
            version: 9, subfiles: [("DL", ["DAQX1", "DCSLEE", "DACSAM", "DBB02291996"])], offsetShift: 7)
        let p = parse(record)
        #expect(p.valueType == .driverLicense)
        #expect(p.value["birth_date"]?.string == "1996-02-29")
        #expect(p.displayValue == "SAM LEE")
    }

    @Test func headerWithoutElementsIsText() {
        let p = parse("@\n\u{1E}\rANSI 636099100000")
        #expect(p.valueType == .text)
        #expect(p.value["reason"]?.string == "AAMVA record without a document number or name")
    }
}
