/// Where a URL's user information and query lie in its text (RFC 3986 §3:
/// `scheme://userinfo@host:port/path?query#fragment`), found by the delimiters alone, so that text with
/// `${VAR}` in it, or a URL too broken to parse, is split the same way: the authority runs from after
/// `://` (from the start when there is none) to the first `/`, `?` or `#`; the user information is what
/// comes before its last `@`; the query runs from after the first `?` behind it to `#`.
///
/// The one split that redaction (``SecretRedaction``), the inline-secret warnings and the variables'
/// percent-encoding (``URLTemplate``) share.
struct URLParts {
    let text: String
    /// The user information, without its `@`; nil when the authority holds no `@`.
    let userInformation: Range<String.Index>?
    /// The query, without its `?` and the fragment; nil when there is no `?`.
    let query: Range<String.Index>?

    init(_ text: String) {
        self.text = text
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        let authorityEnd = text[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        userInformation = text[start..<authorityEnd].lastIndex(of: "@").map { start..<$0 }
        if let question = text[authorityEnd...].firstIndex(of: "?") {
            let begin = text.index(after: question)
            query = begin..<(text[begin...].firstIndex(of: "#") ?? text.endIndex)
        } else {
            query = nil
        }
    }

    /// The query's `name=value` pairs, in order (a pair without `=` has an empty value range at its end).
    var queryPairs: [(name: Substring, value: Substring)] {
        guard let query else { return [] }
        return text[query].split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (pair, pair[pair.endIndex...]) }
            return (pair[..<equals], pair[pair.index(after: equals)...])
        }
    }
}
