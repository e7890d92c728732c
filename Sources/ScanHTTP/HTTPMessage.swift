/// One HTTP request as the handler sees it, body complete.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST` …, as sent.
    public var method: String
    /// The path without the query (`/metrics`).
    public var path: String
    /// The query arguments, decoded (`?connection=1` → `["connection": "1"]`); a repeated name keeps its
    /// first value.
    public var query: [String: String]
    /// The request headers with lower-case names; a repeated header keeps its first value.
    public var headers: [String: String]
    /// The request body (at most ``HTTPServer/maxBodyBytes``).
    public var body: [UInt8]

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The body as `application/x-www-form-urlencoded` fields (`name=gain&value=10`), decoded; a repeated
    /// name keeps its first value.
    public var formFields: [String: String] {
        var out: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.formDecoded(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.formDecoded(parts[1]) ?? "" : ""
            if out[name] == nil { out[name] = value }
        }
        return out
    }

    /// `+` as a space, then percent-decoding; nil for a malformed escape or bytes that are not UTF-8.
    static func formDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = text.utf8.startIndex
        let utf8 = text.utf8
        while i < utf8.endIndex {
            let c = utf8[i]
            if c == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if c == UInt8(ascii: "%") {
                let h = utf8.index(after: i)
                guard h < utf8.endIndex, utf8.index(after: h) < utf8.endIndex,
                    let hi = hexValue(utf8[h]), let lo = hexValue(utf8[utf8.index(after: h)])
                else { return nil }
                bytes.append(hi << 4 | lo)
                i = utf8.index(after: utf8.index(after: h))
                continue
            } else {
                bytes.append(c)
            }
            i = utf8.index(after: i)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A response body written piece by piece on the connection's own thread (MJPEG, Server-Sent Events).
///
/// ``next()`` may block until there is something to send; it must return nil once the server stops
/// (``close()`` is called for every open stream first), or when the body is complete.
public protocol HTTPStreamBody: AnyObject, Sendable {
    /// The next bytes to send, waiting for them if need be; nil at the end of the body.
    func next() -> [UInt8]?
    /// The server stops: wake a waiting ``next()`` and make it (and every later call) return nil.
    func close()
    /// The client went away or the response ended: release what the stream holds. Called once.
    func finished()
}

/// What the handler answers.
public struct HTTPResponse: Sendable {
    /// The body: all at once, or a stream.
    public enum Body: Sendable {
        case bytes([UInt8])
        case stream(any HTTPStreamBody)
    }

    /// The status code (200, 404 …).
    public var status: Int
    /// Header lines in order, `Content-Type` among them.
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A complete response with `Content-Type: contentType` (and `Cache-Control: no-store`).
    public static func bytes(_ bytes: [UInt8], contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", contentType), ("Cache-Control", "no-store")],
            body: .bytes(bytes))
    }

    /// A UTF-8 text response.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8", status: Int = 200)
        -> HTTPResponse
    {
        bytes(Array(text.utf8), contentType: contentType, status: status)
    }
}
