import ScanCore

/// `url`: a web address, bare (`https://…`, `www.…`) or in a `MEBKM:` bookmark (NTT DOCOMO convention).
///
/// ```swift
/// URLValue.parse("MEBKM:TITLE:Docs;URL:https\\://example.com/a;;")
/// // value {"url": "https://example.com/a", "title": "Docs"}, display "https://example.com/a"
/// ```
enum URLValue {
    /// Schemes taken as a URL when a payload starts with `scheme:`.
    static let schemes = ["http://", "https://", "ftp://", "ftps://"]

    /// True for `http(s)://` / `ftp(s)://` links and `www.` host names, without spaces.
    static func looksLikeURL(_ s: String) -> Bool {
        let lower = s.lowercased()
        guard schemes.contains(where: lower.hasPrefix) || (lower.hasPrefix("www.") && lower.count > 4) else {
            return false
        }
        return !s.unicodeScalars.contains { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    }

    static func parse(_ s: String) -> ParsedOutcome {
        guard looksLikeURL(s) else { return .none }
        return .parsed(value(url: s, title: nil))
    }

    /// `MEBKM:TITLE:…;URL:…;;`: the URL is required; `\`-escapes are undone.
    static func parseBookmark(_ s: String) -> ParsedOutcome {
        var url: String?
        var title: String?
        for f in semicolonFields(s.afterScheme()) {
            switch f.key {
            case "URL": url = f.value.trimmingEdges()
            case "TITLE": title = f.value
            default: break
            }
        }
        guard let url, !url.isEmpty else { return .malformed("MEBKM without URL") }
        return .parsed(value(url: url, title: title))
    }

    static func value(url: String, title: String?) -> ParsedValue {
        ParsedValue(
            valueType: .url, value: .object(["url": .string(url), "title": .text(title)]), displayValue: url)
    }
}
