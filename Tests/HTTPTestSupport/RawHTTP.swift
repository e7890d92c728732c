import Foundation

/// A plain HTTP/1.0 client over a socket: the server closes the connection after the response, so the
/// whole answer is what arrives until then (or until the caller has seen enough of the body).
public enum RawHTTP {
    public struct Answer {
        public var head: String
        public var body: [UInt8]
        public var status: Int { Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0 }
        /// The first header of that name (any case).
        public func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// Where the blank line after the head starts.
    public static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }
    }

    /// Sends one request to 127.0.0.1:`port` and reads the answer until the server closes the connection,
    /// or until `until(body so far)` holds.
    public static func request(
        port: Int, _ path: String, method: String = "GET", headers: [String] = [], body: String = "",
        until: (([UInt8]) -> Bool)? = nil
    ) throws -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)  // a safety net against a hung server, not a measure
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var text = "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n"
        for h in headers { text += h + "\r\n" }
        if !body.isEmpty {
            text += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        text += "\r\n" + body
        _ = Array(text.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var end: Int?
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
            if end == nil { end = headEnd(received) }
            if let end, let until, until(Array(received[(end + 4)...])) { break }
        }
        guard let end = end ?? headEnd(received) else {
            return Answer(head: String(decoding: received, as: UTF8.self), body: [])
        }
        return Answer(head: String(decoding: received[..<end], as: UTF8.self), body: Array(received[(end + 4)...]))
    }
}
