import ScanCore

/// `email`: a message to write, from `mailto:` (RFC 6068), `MATMSG:` (NTT DOCOMO) or a bare address.
///
/// ```swift
/// EmailValue.parse("mailto:ann@example.com?subject=Hi%20there&body=See%20you")
/// // {"address": "ann@example.com", "subject": "Hi there", "body": "See you", "type": "unknown"}
/// ```
///
/// `address` is the first recipient (from the path or a `to=` field); all of them are in `to`, and `cc`
/// and `bcc` hold theirs. Percent-escapes are decoded as UTF-8.
enum EmailValue {
    static func parse(_ s: String) -> ParsedOutcome {
        let lower = s.prefix(7).lowercased()
        if lower.hasPrefix("mailto:") { return parseMailto(s) }
        if lower.hasPrefix("matmsg:") { return parseMATMSG(s) }
        guard looksLikeAddress(s) else { return .none }
        return .parsed(make(to: [s], cc: [], bcc: [], subject: nil, body: nil))
    }

    /// `local@domain.tld` with no spaces, one `@`, a dot in the domain.
    static func looksLikeAddress(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count >= 3 else { return false }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix(".") else { return false }
        return !s.unicodeScalars.contains { $0.value <= 0x20 || "<>()[],;:\\\"".unicodeScalars.contains($0) }
    }

    static func parseMailto(_ s: String) -> ParsedOutcome {
        let (path, query) = s.afterScheme().splitOnce("?")
        var to = addresses(percentDecoded(path))
        var cc: [String] = []
        var bcc: [String] = []
        var subject: String?
        var body: String?
        for (k, v) in queryPairs(query ?? "") {
            switch k {
            case "to": to += addresses(v)
            case "cc": cc += addresses(v)
            case "bcc": bcc += addresses(v)
            case "subject": subject = subject ?? v
            case "body": body = body ?? v
            default: break
            }
        }
        guard !to.isEmpty || subject != nil || body != nil else { return .malformed("mailto without an address") }
        return .parsed(make(to: to, cc: cc, bcc: bcc, subject: subject, body: body))
    }

    static func parseMATMSG(_ s: String) -> ParsedOutcome {
        var to: [String] = []
        var subject: String?
        var body: String?
        for f in semicolonFields(s.afterScheme()) {
            switch f.key {
            case "TO": to += addresses(f.value)
            case "SUB": subject = f.value
            case "BODY": body = f.value
            default: break
            }
        }
        guard !to.isEmpty else { return .malformed("MATMSG without TO") }
        return .parsed(make(to: to, cc: [], bcc: [], subject: subject, body: body))
    }

    static func addresses(_ list: String) -> [String] {
        list.split(separator: ",").map { String($0).trimmingEdges() }.filter { !$0.isEmpty }
    }

    /// The e-mail object shared with contacts: `address`, `subject`, `body`, `type`.
    static func object(address: String, subject: String? = nil, body: String? = nil, type: String = "unknown")
        -> [String: JSONValue]
    {
        ["address": .string(address), "subject": .text(subject), "body": .text(body), "type": .string(type)]
    }

    static func make(to: [String], cc: [String], bcc: [String], subject: String?, body: String?) -> ParsedValue {
        let address = to.first ?? ""
        var o = object(address: address, subject: subject, body: body)
        o["to"] = .array(to.map(JSONValue.string))
        o["cc"] = .array(cc.map(JSONValue.string))
        o["bcc"] = .array(bcc.map(JSONValue.string))
        return ParsedValue(
            valueType: .email, value: .object(o), displayValue: address.isEmpty ? (subject ?? "") : address)
    }
}
