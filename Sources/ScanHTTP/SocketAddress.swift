import CMicroHTTPD
import Foundation

/// An IPv4 or IPv6 socket address parsed from text, for `bind`.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool
    let text: String

    /// `127.0.0.1`, `::1`, `0.0.0.0`, `::`, `[::1]` or `localhost` (127.0.0.1); nil for anything else.
    init?(_ address: String, port: Int) {
        guard (0...65_535).contains(port) else { return nil }
        var host = address == "localhost" ? "127.0.0.1" : address
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        text = host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v4) { target.copyMemory(from: $0) }
            }
            isIPv6 = false
            return
        }
        var v6 = sockaddr_in6()
        guard inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 else { return nil }
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = in_port_t(UInt16(port).bigEndian)
        withUnsafeMutableBytes(of: &storage) { target in
            withUnsafeBytes(of: v6) { target.copyMemory(from: $0) }
        }
        isIPv6 = true
    }

    /// `127.0.0.1:8080` or `[::1]:8080`.
    func display(port: Int) -> String { isIPv6 ? "[\(text)]:\(port)" : "\(text):\(port)" }

    func withPointer<R>(_ body: (UnsafePointer<sockaddr>) -> R) -> R {
        var copy = storage
        return withUnsafePointer(to: &copy) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
