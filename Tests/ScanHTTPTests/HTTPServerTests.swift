import Foundation
import ScanHTTP
import Synchronization
import Testing

/// A plain HTTP/1.0 client over a socket: the server closes the connection after the response, so the
/// whole answer is what arrives until then (or the first `limit` bytes).
enum RawHTTP {
    struct Answer {
        var head: String
        var body: [UInt8]
        var status: Int { Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0 }
        func header(_ name: String) -> String? {
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
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }

    static func request(
        port: Int, _ path: String, method: String = "GET", headers: [String] = [], body: String = "",
        limit: Int = Int.max
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
            if let end, received.count - end - 4 >= limit { break }
        }
        guard let end = end ?? headEnd(received) else {
            return Answer(head: String(decoding: received, as: UTF8.self), body: [])
        }
        return Answer(head: String(decoding: received[..<end], as: UTF8.self), body: Array(received[(end + 4)...]))
    }
}

/// A streamed body of `count` numbered lines, then the end; or endless until closed.
final class CountingStream: HTTPStreamBody, @unchecked Sendable {
    private let condition = NSCondition()
    private var sent = 0
    private var closed = false
    private(set) var finishedCount = 0
    let count: Int?
    init(count: Int?) { self.count = count }

    func next() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        if let count, sent >= count { return nil }
        if count == nil && sent >= 2 {
            while !closed { condition.wait() }  // endless: blocks like a stream waiting for frames
        }
        if closed { return nil }
        sent += 1
        return Array("line \(sent)\n".utf8)
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func finished() {
        condition.lock()
        finishedCount += 1
        condition.unlock()
    }

    var finishedCalls: Int {
        condition.lock()
        defer { condition.unlock() }
        return finishedCount
    }
}

@Suite("HTTP server") struct HTTPServerTests {
    static func server(auth: HTTPServer.BasicAuth? = nil, stream: CountingStream? = nil) throws -> HTTPServer {
        let server = HTTPServer(configuration: .init(address: "127.0.0.1", port: 0, basicAuth: auth)) { request in
            switch request.path {
            case "/hello":
                return .text("hello \(request.query["name"] ?? "nobody")\n")
            case "/echo":
                let fields = request.formFields
                return .text("\(request.method) \(fields.keys.sorted().map { "\($0)=\(fields[$0] ?? "")" })\n")
            case "/stream":
                if let stream { return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: .stream(stream)) }
                return .text("no stream\n", status: 500)
            default:
                return .text("not found\n", status: 404)
            }
        }
        try server.start()
        return server
    }

    @Test("answers on the port the system chose: body, status, content type, query arguments")
    func basics() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.port > 0)
        let hello = try RawHTTP.request(port: server.port, "/hello?name=a%20b")
        #expect(hello.status == 200)
        #expect(String(decoding: hello.body, as: UTF8.self) == "hello a b\n")
        #expect(hello.header("content-type") == "text/plain; charset=utf-8")
        #expect(try RawHTTP.request(port: server.port, "/nothing").status == 404)
    }

    @Test("a form body reaches the handler decoded")
    func formBody() throws {
        let server = try Self.server()
        defer { server.stop() }
        let answer = try RawHTTP.request(port: server.port, "/echo", method: "POST", body: "name=focus+absolute&value=%2D5")
        #expect(String(decoding: answer.body, as: UTF8.self) == "POST [\"name=focus absolute\", \"value=-5\"]\n")
    }

    @Test("basic authentication: 401 with a challenge without or with wrong credentials, 200 with them")
    func basicAuth() throws {
        let server = try Self.server(auth: .init(user: "op", password: "s3cret"))
        defer { server.stop() }
        let none = try RawHTTP.request(port: server.port, "/hello")
        #expect(none.status == 401)
        #expect(none.header("www-authenticate") == "Basic realm=\"scanctl\", charset=\"UTF-8\"")
        let wrong = Data("op:wrong".utf8).base64EncodedString()
        #expect(try RawHTTP.request(port: server.port, "/hello", headers: ["Authorization: Basic \(wrong)"]).status == 401)
        let right = Data("op:s3cret".utf8).base64EncodedString()
        let ok = try RawHTTP.request(port: server.port, "/hello", headers: ["Authorization: Basic \(right)"])
        #expect(ok.status == 200)
    }

    @Test("a streamed body is sent piece by piece to its end, and released")
    func streamed() throws {
        let stream = CountingStream(count: 3)
        let server = try Self.server(stream: stream)
        let answer = try RawHTTP.request(port: server.port, "/stream")
        #expect(String(decoding: answer.body, as: UTF8.self) == "line 1\nline 2\nline 3\n")
        server.stop()
        #expect(stream.finishedCalls == 1)
    }

    @Test("stop() closes a stream that waits for data, so it returns")
    func stopWakesStreams() throws {
        let stream = CountingStream(count: nil)
        let server = try Self.server(stream: stream)
        let got = Mutex<String>("")
        let done = DispatchSemaphore(value: 0)
        let port = server.port
        Thread {
            let answer = try? RawHTTP.request(port: port, "/stream", limit: 14)
            got.withLock { $0 = String(decoding: answer?.body ?? [], as: UTF8.self) }
            done.signal()
        }.start()
        done.wait()
        #expect(got.withLock { $0 } == "line 1\nline 2\n")
        server.stop()
        #expect(stream.finishedCalls == 1)
    }

    @Test("an address that does not parse and a port in use are failures naming them")
    func failures() throws {
        let bad = HTTPServer(configuration: .init(address: "example.org", port: 0)) { _ in .text("") }
        #expect(throws: HTTPServer.Failure.self) { try bad.start() }
        let first = try Self.server()
        defer { first.stop() }
        let second = HTTPServer(configuration: .init(address: "127.0.0.1", port: first.port)) { _ in .text("") }
        do {
            try second.start()
            Issue.record("a second server started on port \(first.port)")
        } catch {
            #expect(error.description.hasPrefix("cannot listen on 127.0.0.1:\(first.port): "), "\(error)")
        }
    }
}
