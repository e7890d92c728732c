import ScanCore

/// `gs1` from a GS1 Digital Link URI (GS1 Digital Link Standard 1.x):
/// `https://host[/prefix]/{primary AI}/{value}[/{qualifier AI}/{value}…][?{AI}={value}&…]`.
///
/// ```swift
/// GS1DigitalLink.parse("https://id.example.com/01/09501101530003/10/AB%2F12?17=250600")
/// // elements (01)09501101530003 (10)AB/12 (17)250600, source "digital_link", "uri" = the link
/// ```
///
/// The primary key is the first path segment that is a primary-key AI (01, 00, 253, 255, 401, 402,
/// 414, 417, 8003, 8004, 8006, 8010, 8013, 8017, 8018) followed by a value; the segments after it come
/// in AI/value pairs. Query parameters whose key is a known AI are attributes; others are ignored. A
/// GTIN of 8, 12 or 13 digits is padded to 14. Values are percent-decoded and then checked like an
/// element string's. A link that breaks the rules is not a Digital Link (it stays a `url`).
enum GS1DigitalLink {
    static let primaryKeys: Set<String> = [
        "01", "00", "253", "255", "401", "402", "414", "417", "8003", "8004", "8006", "8010", "8013", "8017", "8018",
    ]

    static func parse(_ uri: String) -> ParsedOutcome? {
        let lower = uri.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        let afterScheme = uri.drop { $0 != "/" }.dropFirst(2)
        let noFragment = afterScheme.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let (pathPart, query) = String(noFragment).splitOnce("?")
        let segments = pathPart.split(separator: "/", omittingEmptySubsequences: true).dropFirst().map(String.init)
        guard
            let start = segments.indices.first(where: { primaryKeys.contains(segments[$0]) && $0 + 1 < segments.count })
        else { return nil }
        let pairs = Array(segments[start...])
        guard pairs.count % 2 == 0 else { return nil }
        var elements: [GS1Element] = []
        func add(_ ai: String, _ rawValue: String) -> Bool {
            guard ai.isASCIIDigits, let def = GS1ApplicationIdentifiers.identifier(ai) else { return false }
            var value = percentDecoded(rawValue)
            if ai == "01", [8, 12, 13].contains(value.count), value.isASCIIDigits {
                value = String(repeating: "0", count: 14 - value.count) + value
            }
            let e = GS1Element(ai: ai, value: value, definition: def)
            do { try GS1ElementString.validate(e) } catch { return false }
            elements.append(e)
            return true
        }
        var i = 0
        while i < pairs.count {
            guard add(pairs[i], pairs[i + 1]) else { return nil }
            i += 2
        }
        // Query keys that are not AIs (utm_source, a numeric key not in the table) are not GS1 data.
        for (k, v) in queryPairs(query ?? "", lowercaseKeys: false)
        where k.isASCIIDigits && GS1ApplicationIdentifiers.identifier(k) != nil {
            guard add(k, v) else { return nil }
        }
        let value = GS1ElementString.value(elements, source: "digital_link", extra: ["uri": .string(uri)])
        return .parsed(value)
    }
}
