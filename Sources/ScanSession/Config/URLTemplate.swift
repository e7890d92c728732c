import Foundation

/// A webhook URL as written in a session file, with `${VAR}` in it: which variables are percent-encoded,
/// and whether the expanded URL is one a request can go to.
///
/// A variable in the user information (`http://erp:${ERP_PASSWORD}@host/`) or in a query value
/// (`?token=${TOKEN}`) is a secret, and its value is data, not URL syntax: every byte but the unreserved
/// characters (RFC 3986 §2.3: letters, digits, `-._~`) is percent-encoded, so that a password holding
/// `@`, `/` or `:` cannot move the host, and a token holding `&` or `#` cannot add a parameter or cut
/// the query. A variable elsewhere (the whole URL, the host, the path) is taken as written.
///
/// ```swift
/// let t = URLTemplate("http://erp:${PW}@host/scans?token=${TOKEN}")
/// // with PW = "a@b/c": http://erp:a%40b%2Fc@host/scans?token=…
/// ```
struct URLTemplate {
    /// The written text, split where its user information and query lie.
    let parts: URLParts

    init(_ written: String) { parts = URLParts(written) }

    /// The value of the variable whose `${` stands at `position` of the written text, as it goes into
    /// the URL.
    func escape(_ position: String.Index, _ value: String) -> String {
        let isSecret = parts.userInformation?.contains(position) == true || parts.query?.contains(position) == true
        guard isSecret else { return value }
        return value.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? value
    }

    /// RFC 3986 §2.3.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// True when the expanded `url` carries user information (`user:password@`).
    static func hasUserInformation(_ url: String) -> Bool { URLComponents(string: url)?.user != nil }

    /// Why the expanded `url` cannot be posted to, or nil: it must parse as a URL with a host, and a
    /// port, when it names one, from 1 to 65535. The text never quotes the URL's secrets.
    static func problem(_ url: String) -> String? {
        guard let c = URLComponents(string: url), URL(string: url) != nil else {
            return "'url' is not a valid URL"
        }
        guard let host = c.host, !host.isEmpty else {
            return "'url' names no host"
        }
        if host.contains(":") || c.percentEncodedHost?.hasPrefix("[") == true {
            // swift-corelibs-foundation's HTTP stack refuses them (NSURLErrorDomain -1000).
            return "'url' names its host by an IPv6 address, which the HTTP client cannot reach; use a host name"
        }
        if let port = c.port, !(1...65535).contains(port) {
            return "'url' port must be from 1 to 65535, not \(port)"
        }
        return nil
    }
}
