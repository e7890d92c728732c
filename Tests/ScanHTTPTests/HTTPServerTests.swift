import Foundation
import HTTPTestSupport
import ScanHTTP
import Synchronization
import Testing

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
                if let stream {
                    return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: .stream(stream))
                }
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
        let answer = try RawHTTP.request(
            port: server.port, "/echo", method: "POST", body: "name=focus+absolute&value=%2D5")
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
        #expect(
            try RawHTTP.request(port: server.port, "/hello", headers: ["Authorization: Basic \(wrong)"]).status == 401)
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
            let answer = try? RawHTTP.request(port: port, "/stream", until: { $0.count >= 14 })
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
