import ScanCore

/// `driver_license` from the AAMVA DL/ID Card Design Standard's PDF417 data (Annex D, versions 1–10).
///
/// ```swift
/// // "@\n\u{1E}\rANSI 636000100002DL00410256ZV02970012DLDAQ…\nDCSDOE\nDACJANE\n…\r"
/// // → {"first_name": "JANE", "last_name": "DOE", "birth_date": "1985-04-12", "aamva_version": 10, …}
/// ```
///
/// The record: compliance indicator `@`, data element separator LF, record separator RS (0x1E),
/// segment terminator CR, file type `ANSI ` (older cards: `AAMVA`), the issuer identification number
/// (6 digits), the AAMVA version (2 digits), from version 2 on the jurisdiction version (2 digits),
/// the number of subfile entries (2 digits), then one designator per subfile: type (`DL`, `ID`, `Z?`),
/// offset and length (4 digits each). A subfile starts with its type and holds data elements: a
/// three-letter element ID (`DAQ`, `DCS` …) and its value, each ended by LF, the last by CR.
///
/// Names: `DCS`/`DAC`/`DAD` (version 4 on), `DCS` + `DCT` given names (versions 2–3), `DAA` full name or
/// `DAB`/`DAC`/`DAD` (version 1). Dates are `MMDDCCYY` on US cards and `CCYYMMDD` on Canadian cards
/// (and version 1); they are given as ISO `YYYY-MM-DD`, trying the other order when the expected one is
/// not a date. Offsets that do not point at their subfile (common on real cards) are searched for.
enum AAMVAParser {
    static let canadianJurisdictions: Set<String> = [
        "AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
    ]

    /// True when the payload starts with `@` and names the file type `ANSI ` or `AAMVA` right after.
    static func looksLikeAAMVA(_ raw: String) -> Bool {
        guard raw.hasPrefix("@") else { return false }
        let head = String(decoding: raw.utf8.prefix(16), as: UTF8.self)
        return head.contains("ANSI ") || head.contains("AAMVA")
    }

    static func parse(_ raw: String) -> ParsedOutcome {
        let b = Array(raw.utf8)
        guard
            let fileType = find(Array("ANSI ".utf8), in: b, from: 0, limit: 16)
                ?? find(Array("AAMVA".utf8), in: b, from: 0, limit: 16)
        else { return .malformed("AAMVA header without file type") }
        var p = fileType + 5
        func digits(_ n: Int) -> Int? {
            guard p + n <= b.count else { return nil }
            defer { p += n }
            return digitsValue(String(decoding: b[p..<(p + n)], as: UTF8.self))
        }
        guard let iinValue = digits(6), let version = digits(2) else { return .malformed("AAMVA header too short") }
        let iin = pad(iinValue, 6)
        var jurisdictionVersion: Int?
        if version >= 2 {
            guard let j = digits(2) else { return .malformed("AAMVA header too short") }
            jurisdictionVersion = j
        }
        guard let entries = digits(2) else { return .malformed("AAMVA header too short") }

        // Subfile designators.
        var designators: [(type: String, offset: Int, length: Int)] = []
        for _ in 0..<entries {
            guard p + 10 <= b.count else { break }
            let type = String(decoding: b[p..<(p + 2)], as: UTF8.self)
            p += 2
            guard let offset = digits(4), let length = digits(4) else { break }
            designators.append((type, offset, length))
        }
        let dataStart = p

        var elements: [String: String] = [:]
        var order: [String] = []
        var subfiles: [String] = []
        var documentType: String?
        for d in designators {
            guard let body = subfile(d.type, offset: d.offset, length: d.length, in: b, after: dataStart) else {
                continue
            }
            subfiles.append(d.type)
            if documentType == nil, d.type == "DL" || d.type == "ID" { documentType = d.type }
            for (id, value) in dataElements(body) where elements[id] == nil {
                elements[id] = value
                order.append(id)
            }
        }
        if subfiles.isEmpty {
            // No usable directory: read from the first DL or ID subfile after the header.
            for type in ["DL", "ID"] {
                if let at = find(Array(type.utf8), in: b, from: dataStart, limit: b.count) {
                    documentType = type
                    subfiles.append(type)
                    for (id, value) in dataElements(Array(b[(at + 2)...])) where elements[id] == nil {
                        elements[id] = value
                        order.append(id)
                    }
                    break
                }
            }
        }

        func e(_ id: String) -> String? { elements[id]?.nonEmpty }
        var first = e("DAC")
        var middle = e("DAD")
        var last = e("DCS") ?? e("DAB")
        if first == nil, let given = e("DCT") {
            let parts = given.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            first = parts.first
            if middle == nil, parts.count > 1 { middle = parts.dropFirst().joined(separator: " ") }
        }
        if let full = e("DAA"), first == nil || last == nil {
            let parts = full.split(whereSeparator: { $0 == "," || $0 == "$" }).map { String($0).trimmingEdges() }
            if parts.count >= 2 {
                last = last ?? parts[0].nonEmpty
                first = first ?? parts[1].nonEmpty
                if middle == nil, parts.count > 2 { middle = parts[2...].joined(separator: " ").nonEmpty }
            } else if last == nil {
                last = full
            }
        }
        if let m = middle, ["NONE", "UNAVL", "NMN"].contains(m.uppercased()) { middle = nil }
        let number = e("DAQ")
        guard number != nil || first != nil || last != nil else {
            return .malformed("AAMVA record without a document number or name")
        }

        let state = e("DAJ")
        let country =
            e("DCG") ?? (state.map { canadianJurisdictions.contains($0.uppercased()) } == true ? "CAN" : "USA")
        let monthFirst = version >= 2 && country != "CAN"
        func date(_ id: String) -> JSONValue { .text(e(id).flatMap { isoDate($0, monthFirst: monthFirst) }) }

        var gender: String?
        switch e("DBC")?.uppercased() {
        case "1", "M": gender = "M"
        case "2", "F": gender = "F"
        case "9", "X": gender = "X"
        case let other?: gender = other
        case nil: gender = nil
        }
        let street = [e("DAG"), e("DAH")].compactMap { $0 }.joined(separator: ", ")
        let o: [String: JSONValue] = [
            "document_type": .text(documentType),
            "first_name": .text(first), "middle_name": .text(middle), "last_name": .text(last),
            "gender": .text(gender),
            "address_street": .text(street), "address_city": .text(e("DAI")), "address_state": .text(state),
            "address_zip": .text(e("DAK")),
            "license_number": .text(number),
            "issue_date": date("DBD"), "expiry_date": date("DBA"), "birth_date": date("DBB"),
            "issuing_country": .string(country),
            "iin": .string(iin), "aamva_version": .int(version),
            "jurisdiction_version": jurisdictionVersion.map(JSONValue.int) ?? .null,
            "subfiles": .array(subfiles.map(JSONValue.string)),
            "elements": .object(elements.mapValues(JSONValue.string)),
        ]
        let display = [first, middle, last].compactMap { $0 }.joined(separator: " ").nonEmpty ?? number ?? ""
        return .parsed(ParsedValue(valueType: .driverLicense, value: .object(o), displayValue: display))
    }

    /// The bytes of one subfile after its two-letter type: at the designator's offset when the type is
    /// there, else at the first occurrence of the type after the directory.
    static func subfile(_ type: String, offset: Int, length: Int, in b: [UInt8], after start: Int) -> [UInt8]? {
        let t = Array(type.utf8)
        guard t.count == 2 else { return nil }
        var at: Int?
        if offset >= 0, offset + 2 <= b.count, b[offset] == t[0], b[offset + 1] == t[1] {
            at = offset
        } else {
            at = find(t, in: b, from: start, limit: b.count)
        }
        guard let at else { return nil }
        // The data runs to the segment terminator (CR); lengths on real cards are often off by a few bytes.
        return Array(b[(at + 2)...])
    }

    /// `(element ID, value)` pairs: pieces split at LF, stopping after the first CR (segment end).
    static func dataElements(_ body: [UInt8]) -> [(String, String)] {
        var out: [(String, String)] = []
        var piece: [UInt8] = []
        func flush() {
            defer { piece.removeAll() }
            guard piece.count >= 3 else { return }
            let id = piece[0..<3]
            guard id.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }),
                (0x41...0x5A).contains(id[id.startIndex])
            else { return }
            let value = decodeText(Array(piece[3...]), charset: nil).trimmingEdges()
            out.append((String(decoding: id, as: UTF8.self), value))
        }
        for byte in body {
            if byte == 0x0A || byte == 0x1E {
                flush()
            } else if byte == 0x0D {
                flush()
                break
            } else {
                piece.append(byte)
            }
        }
        flush()
        return out
    }

    /// `MMDDCCYY` or `CCYYMMDD` (preferred order first) as `YYYY-MM-DD`; the value as given when neither fits.
    static func isoDate(_ s: String, monthFirst: Bool) -> String? {
        let d = Array(s.utf8)
        guard d.count == 8, s.isASCIIDigits else { return s }
        func n(_ from: Int, _ count: Int) -> Int { Int(String(decoding: d[from..<(from + count)], as: UTF8.self)) ?? 0 }
        let mdy = ScanValues.isoDate(year: n(4, 4), month: n(0, 2), day: n(2, 2))
        let ymd = ScanValues.isoDate(year: n(0, 4), month: n(4, 2), day: n(6, 2))
        return (monthFirst ? mdy ?? ymd : ymd ?? mdy) ?? s
    }

    static func find(_ needle: [UInt8], in hay: [UInt8], from: Int, limit: Int) -> Int? {
        let end = min(limit, hay.count) - needle.count
        guard !needle.isEmpty, from <= end else { return nil }
        var i = max(0, from)
        while i <= end {
            if hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}
