import ScanCore

/// `phone`: a `tel:` URI (RFC 3966), e.g. `tel:+1-201-555-0123;ext=12`.
///
/// ```swift
/// PhoneValue.parse("tel:+1-201-555-0123")   // {"number": "+1-201-555-0123", "type": "unknown"}
/// ```
///
/// `number` is the part before the first `;` (parameters such as `ext=` are in `parameters`),
/// percent-decoded. It must hold at least one digit and only digits, `+`, `*`, `#`, letters A–F/P/W and
/// visual separators (`-` `.` `(` `)` space).
enum PhoneValue {
    static func parse(_ s: String) -> ParsedOutcome {
        let rest = percentDecoded(s.afterScheme())
        let parts = rest.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let number = (parts.first ?? "").trimmingEdges()
        guard isPhoneNumber(number) else { return .malformed("tel: without a phone number") }
        var params: [String: JSONValue] = [:]
        for p in parts.dropFirst() where !p.isEmpty {
            let (k, v) = p.splitOnce("=")
            params[k.lowercased()] = .string(v ?? "")
        }
        var o = object(number: number)
        o["parameters"] = .object(params)
        return .parsed(ParsedValue(valueType: .phone, value: .object(o), displayValue: number))
    }

    /// The phone object shared with contacts: `number`, `type` (`unknown`, `work`, `home`, `fax`, `mobile`).
    static func object(number: String, type: String = "unknown") -> [String: JSONValue] {
        ["number": .string(number), "type": .string(type)]
    }

    static func isPhoneNumber(_ s: String) -> Bool {
        let allowed = Set("0123456789+*#-.() ABCDEFPWabcdefpw".unicodeScalars)
        return s.unicodeScalars.contains { $0.properties.numericType != nil && $0.isASCII }
            && s.unicodeScalars.allSatisfy { allowed.contains($0) }
    }
}
