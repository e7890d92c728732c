import ScanCore

/// `wifi`: a network in the `WIFI:` convention (`WIFI:S:ssid;T:WPA;P:password;H:true;;`).
///
/// ```swift
/// WiFiValue.parse(#"WIFI:S:Caf\;e;T:SAE;P:p\:w;H:true;;"#)
/// // {"ssid": "Caf;e", "password": "p:w", "encryption_type": "WPA3", "hidden": true}
/// ```
///
/// Fields may come in any order; `\` escapes the next character (`\;` `\:` `\,` `\\` `\"`). `T` is
/// normalised to `WPA` (WPA, WPA2, WPA/WPA2, WPA2-EAP), `WPA3` (SAE, WPA3), `WEP`, or `nopass` (nopass,
/// none, empty or missing); another value is kept as written. An SSID in double quotes loses the quotes.
enum WiFiValue {
    static func parse(_ s: String) -> ParsedOutcome {
        var ssid: String?
        var password: String?
        var type: String?
        var hidden = false
        for f in semicolonFields(s.afterScheme()) {
            switch f.key {
            case "S": ssid = unquoted(f.value)
            case "P": password = f.value
            case "T": type = f.value
            case "H": hidden = ["true", "1", "yes"].contains(f.value.lowercased())
            default: break
            }
        }
        guard let ssid, !ssid.isEmpty else { return .malformed("WIFI without an SSID (S:)") }
        let encryption = normalized(type)
        let value: [String: JSONValue] = [
            "ssid": .string(ssid),
            "password": encryption == "nopass" && (password ?? "").isEmpty ? .null : .text(password),
            "encryption_type": .string(encryption),
            "hidden": .bool(hidden),
        ]
        return .parsed(ParsedValue(valueType: .wifi, value: .object(value), displayValue: ssid))
    }

    static func normalized(_ type: String?) -> String {
        let t = (type ?? "").trimmingEdges()
        switch t.uppercased() {
        case "", "NOPASS", "NONE", "OPEN": return "nopass"
        case "WEP": return "WEP"
        case "WPA", "WPA2", "WPA/WPA2", "WPA2/WPA", "WPA-PSK", "WPA2-PSK", "WPA2-EAP", "WPA-EAP": return "WPA"
        case "SAE", "WPA3", "WPA3-SAE", "WPA2/WPA3", "WPA3/WPA2": return "WPA3"
        default: return t
        }
    }

    static func unquoted(_ s: String) -> String {
        if s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") { return String(s.dropFirst().dropLast()) }
        return s
    }
}
