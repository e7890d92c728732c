/// Keeps secrets written into URLs out of messages: the user information (`user:password@`) and the
/// value of every query parameter are replaced with `***`.
///
/// ```swift
/// SecretRedaction.url("http://admin:s3cretPW@host/scans?token=abc&x=1")
/// // "http://***@host/scans?token=***&x=***"
/// ```
///
/// Every message that names a webhook URL goes through ``url(_:)``; texts that may quote the URL (an
/// error from the HTTP stack) go through ``scrub(_:url:)``.
public enum SecretRedaction {
    /// `url` with its user information and query values replaced by `***` (the scheme, host, port, path,
    /// query names and fragment are kept). Text that is not a URL with a scheme comes back with anything
    /// before an `@` in its first part, and every query value, redacted all the same.
    public static func url(_ url: String) -> String {
        let parts = URLParts(url)
        var out = ""
        var done = url.startIndex
        if let user = parts.userInformation {
            out += url[done..<user.lowerBound] + "***"
            done = user.upperBound
        }
        guard let query = parts.query else { return out + url[done...] }
        out += url[done..<query.lowerBound]
        out += parts.queryPairs.map { pair in
            pair.value.startIndex == pair.name.endIndex ? String(pair.name) : pair.name + "=***"
        }.joined(separator: "&")
        return out + url[query.upperBound...]
    }

    /// `text` with every URL in it redacted as by ``url(_:)``: for quoting a session file's line in a
    /// message. A URL starts at its scheme (letters, digits, `+`, `-`, `.` before `://`); one that opens a
    /// quoted string (`"…"` or `'…'`) runs to the closing quote, so braces, commas and spaces inside it are
    /// its own, and any other ends at white space, a quote, `,`, `[`, `]`, `{` or `}`.
    public static func urls(in text: String) -> String {
        guard text.contains("://") else { return text }
        let stops: Set<Character> = [" ", "\t", "\"", "'", ",", "]", "}", "[", "{"]
        func isSchemeCharacter(_ c: Character) -> Bool {
            c.isASCII && (c.isLetter || c.isNumber || c == "+" || c == "-" || c == ".")
        }
        var out = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            var start = separator.lowerBound
            while start > rest.startIndex, isSchemeCharacter(rest[rest.index(before: start)]) {
                start = rest.index(before: start)
            }
            out += rest[..<start]
            let quote: Character? = start > rest.startIndex ? rest[rest.index(before: start)] : nil
            let tail = rest[separator.upperBound...]
            let end: String.Index
            if let quote, quote == "\"" || quote == "'" {
                end = tail.firstIndex(of: quote) ?? rest.endIndex
            } else {
                end = tail.firstIndex { stops.contains($0) } ?? rest.endIndex
            }
            out += url(String(rest[start..<end]))
            rest = rest[end...]
        }
        return out + rest
    }

    /// `text` with every occurrence of `url` replaced by its redacted form, and the URL's password and
    /// query values, wherever they appear alone, replaced by `***`.
    public static func scrub(_ text: String, url: String) -> String {
        var out = text.replacingOccurrences(of: url, with: self.url(url))
        for secret in secrets(in: url) where secret.count >= 3 {
            out = out.replacingOccurrences(of: secret, with: "***")
        }
        return out
    }

    /// The parts of `url` that ``url(_:)`` hides: the user information and its password, each query value.
    static func secrets(in url: String) -> [String] {
        let parts = URLParts(url)
        var found: [String] = []
        if let user = parts.userInformation {
            let userInfo = url[user]
            found.append(String(userInfo))
            if let colon = userInfo.firstIndex(of: ":") {
                found.append(String(userInfo[userInfo.index(after: colon)...]))
            }
        }
        for pair in parts.queryPairs where pair.value.startIndex != pair.name.endIndex {
            found.append(String(pair.value))
        }
        return found.sorted { $0.count > $1.count }
    }
}
