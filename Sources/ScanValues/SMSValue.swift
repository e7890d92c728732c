import ScanCore

/// `sms`: a text message to send, `SMSTO:number:message` (or `MMSTO:`) or `sms:number?body=message`
/// (RFC 5724).
///
/// ```swift
/// SMSValue.parse("sms:+15550100?body=On%20my%20way")   // {"phone_number": "+15550100", "message": "On my way"}
/// ```
///
/// With several recipients (`sms:+1,+2`), `phone_number` is the first and `phone_numbers` all of them.
enum SMSValue {
    static func parse(_ s: String) -> ParsedOutcome {
        let lower = s.prefix(6).lowercased()
        let rest = s.afterScheme()
        var numbers: String
        var message: String?
        if lower.hasPrefix("smsto:") || lower.hasPrefix("mmsto:") {
            let (n, m) = rest.splitOnce(":")
            numbers = n
            message = m
        } else {
            let (path, query) = rest.splitOnce("?")
            let (n, m) = path.splitOnce(":")  // some generators write sms:number:message
            numbers = percentDecoded(n)
            message = m.map { percentDecoded($0) }
            for (k, v) in queryPairs(query ?? "") where k == "body" { message = v }
        }
        let list = numbers.split(separator: ",").map { String($0).split(separator: ";").first.map(String.init) ?? "" }
            .map { $0.trimmingEdges() }.filter { !$0.isEmpty }
        guard let first = list.first, PhoneValue.isPhoneNumber(first) else {
            return .malformed("SMS without a phone number")
        }
        let o: [String: JSONValue] = [
            "phone_number": .string(first),
            "phone_numbers": .array(list.map(JSONValue.string)),
            "message": .text(message),
        ]
        return .parsed(ParsedValue(valueType: .sms, value: .object(o), displayValue: first))
    }
}
