import CMicroHTTPD
import Foundation

/// The body of one request while libmicrohttpd hands it over piece by piece.
final class RequestBody {
    var bytes: [UInt8] = []
    var tooLarge = false
}

/// A streamed response body between libmicrohttpd's content reader and an ``HTTPStreamBody``.
final class StreamReader {
    let body: any HTTPStreamBody
    var pending: [UInt8] = []
    var offset = 0
    weak var server: HTTPServer?
    init(body: any HTTPStreamBody, server: HTTPServer) {
        self.body = body
        self.server = server
    }
}

extension HTTPServer {
    /// libmicrohttpd's access handler: called once when the headers arrived (`*context` is nil), once per
    /// piece of the body, and once more with no data, when the request is answered.
    static let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, data, size, context in
        guard let cls, let connection, let size, let context else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        guard let pointer = context.pointee else {
            context.pointee = Unmanaged.passRetained(RequestBody()).toOpaque()
            return .YES
        }
        let body = Unmanaged<RequestBody>.fromOpaque(pointer).takeUnretainedValue()
        if size.pointee > 0 {
            if let data, body.bytes.count + size.pointee <= HTTPServer.maxBodyBytes {
                data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                    body.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
                }
            } else {
                body.tooLarge = true
            }
            size.pointee = 0
            return .YES
        }
        var headers: [String: String] = [:]
        var query: [String: String] = [:]
        collect(connection, .HEADER_KIND, into: &headers, lowercased: true)
        collect(connection, .GET_ARGUMENT_KIND, into: &query, lowercased: false)
        let response: HTTPResponse
        if !server.isAuthorized(headers["authorization"]) {
            response = HTTPResponse(
                status: 401,
                headers: [
                    ("WWW-Authenticate", "Basic realm=\"\(server.configuration.realm)\", charset=\"UTF-8\""),
                    ("Content-Type", "text/plain; charset=utf-8"),
                ], body: .bytes(Array("authentication required\n".utf8)))
        } else if body.tooLarge {
            response = .text("request body over \(HTTPServer.maxBodyBytes) bytes\n", status: 413)
        } else {
            let path = url.map { String(cString: $0) } ?? "/"
            let request = HTTPRequest(
                method: method.map { String(cString: $0) } ?? "GET", path: path, query: query, headers: headers,
                body: body.bytes)
            response = server.handler(request)
        }
        return server.queue(response, on: connection)
    }

    /// Releases a request's body once libmicrohttpd is done with the request.
    static let completedHandler: MHD_RequestCompletedCallback = { _, _, context, _ in
        guard let context, let pointer = context.pointee else { return }
        Unmanaged<RequestBody>.fromOpaque(pointer).release()
        context.pointee = nil
    }

    /// Copies the values of one kind (headers, query arguments) into `target`.
    private static func collect(
        _ connection: OpaquePointer, _ kind: MHD_ValueKind, into target: inout [String: String], lowercased: Bool
    ) {
        final class Box {
            var values: [String: String] = [:]
            let lowercased: Bool
            init(lowercased: Bool) { self.lowercased = lowercased }
        }
        let box = Box(lowercased: lowercased)
        let cls = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values(
            connection, kind,
            { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let box = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue()
                var name = String(cString: key)
                if box.lowercased { name = name.lowercased() }
                if box.values[name] == nil { box.values[name] = value.map { String(cString: $0) } ?? "" }
                return .YES
            }, cls)
        withExtendedLifetime(box) { target = box.values }
    }

    /// Hands `response` to libmicrohttpd.
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            let reader = StreamReader(body: stream, server: self)
            openStreams.withLock { $0[ObjectIdentifier(stream)] = stream }
            made = MHD_create_response_from_callback(
                CMHD_SIZE_UNKNOWN, 16 * 1024, HTTPServer.contentReader, Unmanaged.passRetained(reader).toOpaque(),
                HTTPServer.contentReaderFree)
        }
        guard let made else { return .NO }
        for header in response.headers { _ = MHD_add_response_header(made, header.name, header.value) }
        let result = MHD_queue_response(connection, UInt32(response.status), made)
        MHD_destroy_response(made)
        return result
    }

    /// Copies the stream's next bytes into libmicrohttpd's buffer, waiting for them on this connection's
    /// thread; the end of the stream ends the response.
    static let contentReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
        guard let cls, let buffer, max > 0 else { return CMHD_CONTENT_READER_END_OF_STREAM }
        let reader = Unmanaged<StreamReader>.fromOpaque(cls).takeUnretainedValue()
        while reader.offset >= reader.pending.count {
            guard let next = reader.body.next() else { return CMHD_CONTENT_READER_END_OF_STREAM }
            reader.pending = next
            reader.offset = 0
        }
        let count = min(max, reader.pending.count - reader.offset)
        reader.pending.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + reader.offset, byteCount: count)
        }
        reader.offset += count
        return count
    }

    /// The response ended or the client went away.
    static let contentReaderFree: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let reader = Unmanaged<StreamReader>.fromOpaque(cls).takeRetainedValue()
        reader.server?.openStreams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(reader.body)) }
        reader.body.finished()
    }
}
