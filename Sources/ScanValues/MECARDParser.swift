import ScanCore

/// `contact_info` from a MECARD (NTT DOCOMO convention): `MECARD:N:Doe,Jane;TEL:+15550100;EMAIL:…;;`.
///
/// ```swift
/// MECARDParser.parse("MECARD:N:Doe,Jane;TEL:+15550100;TEL:+15550199;;")
/// // name {"formatted_name": "Jane Doe", "first": "Jane", "last": "Doe"}, two phones; display "Jane Doe"
/// ```
///
/// Fields: `N` (family,given), `SOUND` (reading), `TEL`, `TEL-AV`, `EMAIL`, `NOTE`, `BDAY` (YYYYMMDD),
/// `ADR` (one comma-separated line, or seven components: PO box, room, street, city, region, postal code,
/// country), `URL`, `NICKNAME`, `ORG`, `TITLE`. `\` escapes the next character. A MECARD with no field
/// is malformed.
enum MECARDParser {
    static func parse(_ s: String) -> ParsedOutcome {
        var contact = Contact()
        var any = false
        for f in semicolonFields(s.afterScheme()) {
            let v = f.value.trimmingEdges()
            switch f.key {
            case "N":
                let parts = v.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                contact.last = parts.first.map { String($0).trimmingEdges() }?.nonEmpty
                contact.first = parts.count > 1 ? String(parts[1]).trimmingEdges().nonEmpty : nil
            case "SOUND": contact.pronunciation = v.replacingCommas().nonEmpty
            case "TEL", "TEL-AV": if !v.isEmpty { contact.phones.append(PhoneValue.object(number: v)) }
            case "EMAIL": if !v.isEmpty { contact.emails.append(EmailValue.object(address: v)) }
            case "NOTE", "MEMO": contact.note = v.nonEmpty
            case "BDAY": contact.birthday = Contact.normalizedDate(v)
            case "ADR":
                let parts = v.split(separator: ",", omittingEmptySubsequences: false).map {
                    String($0).trimmingEdges()
                }
                if parts.count == 7 {
                    contact.addresses.append(Contact.address(components: parts, type: "unknown"))
                } else if !v.isEmpty {
                    var a = Contact.address(components: [], type: "unknown")
                    a["address_lines"] = .array([.string(v)])
                    contact.addresses.append(a)
                }
            case "URL": if !v.isEmpty { contact.urls.append(v) }
            case "NICKNAME": contact.nickname = v.nonEmpty
            case "ORG": contact.organization = v.nonEmpty
            case "TITLE": contact.title = v.nonEmpty
            default: continue
            }
            any = true
        }
        guard any else { return .malformed("MECARD without fields") }
        if contact.formattedName == nil, contact.first != nil || contact.last != nil {
            contact.formattedName = [contact.first, contact.last].compactMap { $0 }.joined(separator: " ")
        }
        return .parsed(contact.parsedValue())
    }
}

extension String {
    fileprivate func replacingCommas() -> String { split(separator: ",").joined(separator: " ") }
}
