import ScanCore

/// `contact_info` from a vCard 2.1, 3.0 (RFC 2426) or 4.0 (RFC 6350).
///
/// ```swift
/// VCardParser.parse("BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane;;;\nFN:Jane Doe\nTEL;TYPE=CELL:+15550100\nEND:VCARD")
/// // {"name": {"formatted_name": "Jane Doe", "first": "Jane", "last": "Doe", …},
/// //  "phones": [{"number": "+15550100", "type": "mobile"}], …}   display "Jane Doe"
/// ```
///
/// Handles folded lines, vCard 2.1 bare parameters (`TEL;WORK;FAX:`), `ENCODING=QUOTED-PRINTABLE` with
/// `CHARSET=…`, text escapes, and `tel:` / `mailto:` URIs in 4.0 values. A vCard without `END:VCARD`,
/// or with a line that has no `:`, is malformed (`text`). Only the first vCard of a payload is read.
enum VCardParser {
    static func parse(_ s: String) -> ParsedOutcome {
        let lines = ContentLines.parse(s)
        var contact = Contact()
        var began = false
        var ended = false
        for entry in lines {
            guard let line = entry else {
                if ended { break }
                return .malformed("vCard line without ':'")
            }
            if line.name == "BEGIN" {
                if began { return .malformed("vCard nested BEGIN") }
                began = line.value.uppercased() == "VCARD"
                continue
            }
            if line.name == "END" && line.value.uppercased() == "VCARD" {
                ended = true
                break
            }
            guard began else { continue }
            contact.add(line)
        }
        guard began else { return .malformed("vCard without BEGIN:VCARD") }
        guard ended else { return .malformed("vCard without END:VCARD") }
        return .parsed(contact.parsedValue())
    }
}

/// A contact being filled from vCard or MECARD properties; shared by both parsers.
struct Contact {
    var formattedName: String?
    var first: String?, middle: String?, last: String?, prefix: String?, suffix: String?
    var pronunciation: String?
    var nickname: String?
    var organization: String?
    var title: String?
    var phones: [[String: JSONValue]] = []
    var emails: [[String: JSONValue]] = []
    var addresses: [[String: JSONValue]] = []
    var urls: [String] = []
    var birthday: String?
    var note: String?

    mutating func add(_ line: ContentLine) {
        let text = ContentLines.unescape(line.value).trimmingEdges()
        switch line.name {
        case "FN": formattedName = text.nonEmpty
        case "N":
            let c = ContentLines.components(line.value).map { $0.trimmingEdges() }
            func at(_ i: Int) -> String? { i < c.count ? c[i].nonEmpty : nil }
            last = at(0)
            first = at(1)
            middle = at(2)
            prefix = at(3)
            suffix = at(4)
        case "NICKNAME": nickname = text.nonEmpty
        case "X-PHONETIC-FIRST-NAME", "X-PHONETIC-LAST-NAME", "SORT-STRING":
            pronunciation = [pronunciation, text.nonEmpty].compactMap { $0 }.joined(separator: " ").nonEmpty
        case "ORG":
            organization =
                ContentLines.components(line.value).map { $0.trimmingEdges() }.filter { !$0.isEmpty }
                .joined(separator: ", ").nonEmpty
        case "TITLE": title = text.nonEmpty
        case "TEL":
            var number = text
            if number.lowercased().hasPrefix("tel:") { number = String(number.dropFirst(4)) }
            if !number.isEmpty { phones.append(PhoneValue.object(number: number, type: Contact.phoneType(line.types))) }
        case "EMAIL":
            var address = text
            if address.lowercased().hasPrefix("mailto:") { address = String(address.dropFirst(7)) }
            if !address.isEmpty {
                emails.append(EmailValue.object(address: address, type: Contact.placeType(line.types)))
            }
        case "ADR":
            let c = ContentLines.components(line.value).map { $0.trimmingEdges() }
            addresses.append(Contact.address(components: c, type: Contact.placeType(line.types)))
        case "URL": if !text.isEmpty { urls.append(text) }
        case "BDAY": birthday = Contact.normalizedDate(text)
        case "NOTE": note = text.nonEmpty
        default: break
        }
    }

    /// ML Kit phone types: `work`, `home`, `fax`, `mobile`, `unknown` (fax wins over work/home).
    static func phoneType(_ types: [String]) -> String {
        if types.contains("fax") { return "fax" }
        if types.contains("cell") || types.contains("mobile") || types.contains("iphone") { return "mobile" }
        if types.contains("work") { return "work" }
        if types.contains("home") { return "home" }
        return "unknown"
    }

    /// `work`, `home` or `unknown`.
    static func placeType(_ types: [String]) -> String {
        if types.contains("work") { return "work" }
        if types.contains("home") { return "home" }
        return "unknown"
    }

    /// An address object from the ADR components (post office box; extended address; street; locality;
    /// region; postal code; country). `address_lines` is the address as people write it.
    static func address(components c: [String], type: String) -> [String: JSONValue] {
        func at(_ i: Int) -> String { i < c.count ? c[i] : "" }
        let poBox = at(0)
        let extended = at(1)
        let street = at(2)
        let city = at(3)
        let region = at(4)
        let code = at(5)
        let country = at(6)
        var lines: [String] = []
        for part in [poBox, extended, street] where !part.isEmpty {
            lines += part.split(separator: "\n").map(String.init)
        }
        let tail = [region, code].filter { !$0.isEmpty }.joined(separator: " ")
        let cityLine = [city, tail].filter { !$0.isEmpty }.joined(separator: ", ")
        if !cityLine.isEmpty { lines.append(cityLine) }
        if !country.isEmpty { lines.append(country) }
        return [
            "address_lines": .array(lines.map(JSONValue.string)), "type": .string(type),
            "street": .text(street), "city": .text(city), "region": .text(region), "postal_code": .text(code),
            "country": .text(country), "po_box": .text(poBox), "extended": .text(extended),
        ]
    }

    /// `19850412` → `1985-04-12`; other forms (`1985-04-12`, `--0412`) are kept as written.
    static func normalizedDate(_ s: String) -> String? {
        let t = s.trimmingEdges()
        let digits = t.prefix(8)
        if digits.count == 8, digits.isASCIIDigitsSub, let y = Int(digits.prefix(4)),
            let m = Int(digits.dropFirst(4).prefix(2)), let d = Int(digits.suffix(2)),
            let iso = isoDate(year: y, month: m, day: d)
        {
            return iso
        }
        return t.nonEmpty
    }

    /// The formatted name: FN, else the N parts in reading order.
    var displayName: String? {
        if let formattedName { return formattedName }
        return [prefix, first, middle, last, suffix].compactMap { $0 }.joined(separator: " ").nonEmpty
    }

    func parsedValue() -> ParsedValue {
        let name: [String: JSONValue] = [
            "formatted_name": .text(displayName), "pronunciation": .text(pronunciation), "prefix": .text(prefix),
            "first": .text(first), "middle": .text(middle), "last": .text(last), "suffix": .text(suffix),
        ]
        let o: [String: JSONValue] = [
            "name": .object(name),
            "nickname": .text(nickname),
            "organization": .text(organization),
            "title": .text(title),
            "phones": .array(phones.map(JSONValue.object)),
            "emails": .array(emails.map(JSONValue.object)),
            "addresses": .array(addresses.map(JSONValue.object)),
            "urls": .array(urls.map(JSONValue.string)),
            "birthday": .text(birthday),
            "note": .text(note),
        ]
        let phone: String? = phones.first.flatMap { if case .string(let s)? = $0["number"] { s } else { nil } }
        let email: String? = emails.first.flatMap { if case .string(let s)? = $0["address"] { s } else { nil } }
        let display = displayName ?? organization ?? email ?? phone ?? ""
        return ParsedValue(valueType: .contactInfo, value: .object(o), displayValue: display)
    }
}

extension Substring {
    var isASCIIDigitsSub: Bool { !isEmpty && utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
}
