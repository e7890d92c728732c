import CMicroHTTPD
import Foundation
import Synchronization

/// A small HTTP/1.1 server over GNU libmicrohttpd: one handler for every request, complete or streamed
/// responses, optional HTTP basic authentication.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(address: "127.0.0.1", port: 0)) { request in
///     .text("hello \(request.path)\n")
/// }
/// try server.start()
/// print(server.port)          // the port the system chose for port 0
/// server.stop()
/// ```
///
/// Threads: libmicrohttpd's thread per connection (up to ``Configuration/connectionLimit`` at once) calls
/// the handler, and a streamed body's ``HTTPStreamBody/next()`` blocks that connection's thread only.
/// Request bodies over ``maxBodyBytes`` are answered 413 without calling the handler. With
/// ``Configuration/basicAuth`` set, every request without the right credentials is answered 401 (the
/// password is compared in constant time and never logged).
public final class HTTPServer: @unchecked Sendable {
    /// Where to listen and who may ask.
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 address (`127.0.0.1`, `0.0.0.0`, `::1`, `::`), or `localhost` (127.0.0.1).
        /// Default: 127.0.0.1 (this machine only).
        public var address = "127.0.0.1"
        /// The TCP port; 0 lets the system choose one (read it from ``HTTPServer/port``). Default: 8080.
        public var port = 8080
        /// Connections served at once; more wait in the listen queue. Default: 32.
        public var connectionLimit = 32
        /// A connection that sends and receives nothing for this long is closed. Default: 60 s.
        public var idleTimeoutSeconds = 60
        /// User name and password every request must carry (HTTP basic authentication); nil for none.
        public var basicAuth: BasicAuth?
        /// The realm named in 401 answers. Default: `scanctl`.
        public var realm = "scanctl"

        public init(address: String = "127.0.0.1", port: Int = 8080, basicAuth: BasicAuth? = nil) {
            self.address = address
            self.port = port
            self.basicAuth = basicAuth
        }
    }

    /// HTTP basic authentication credentials (RFC 7617).
    public struct BasicAuth: Sendable {
        public var user: String
        public var password: String
        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }
    }

    /// The server could not start: a bad address, a port in use.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Request bodies longer than this are refused (413). 64 KiB.
    public static let maxBodyBytes = 65_536

    public let configuration: Configuration
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let log: @Sendable (String) -> Void
    /// libmicrohttpd's daemon; only started and stopped under `state`'s lock.
    private struct Daemon: @unchecked Sendable { let pointer: OpaquePointer }
    private let state = Mutex<(daemon: Daemon?, port: Int, lastLog: String?)>((nil, 0, nil))
    /// Streamed bodies still being sent, closed by ``stop()``.
    let openStreams = Mutex<[ObjectIdentifier: any HTTPStreamBody]>([:])
    private let logger: UnsafeMutablePointer<cmhd_logger>
    private let expectedAuthorization: [UInt8]?

    /// - Parameters:
    ///   - log: receives libmicrohttpd's messages (a refused connection, a failed bind), one line each.
    ///   - handler: answers every request that passed authentication.
    public init(
        configuration: Configuration, log: @escaping @Sendable (String) -> Void = { _ in },
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        self.configuration = configuration
        self.handler = handler
        self.log = log
        self.logger = UnsafeMutablePointer<cmhd_logger>.allocate(capacity: 1)
        self.expectedAuthorization = configuration.basicAuth.map { auth in
            Array(("Basic " + Data("\(auth.user):\(auth.password)".utf8).base64EncodedString()).utf8)
        }
        logger.initialize(to: cmhd_logger(fn: nil, cls: nil))
    }

    deinit {
        stop()
        logger.deallocate()
    }

    /// The port listened on (the chosen one for port 0); 0 before ``start()``.
    public var port: Int { state.withLock { $0.port } }

    /// Starts listening.
    /// - Throws: ``Failure`` naming the address for an address that does not parse, a port in use, or
    ///   any other failure of libmicrohttpd to start.
    public func start() throws(Failure) {
        let address = configuration.address
        guard let socketAddress = SocketAddress(address, port: configuration.port) else {
            throw Failure(description: "'\(address)' is not an IPv4 or IPv6 address")
        }
        logger.pointee = cmhd_logger(
            fn: { cls, message in
                guard let cls, let message else { return }
                let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
                let line = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
                server.state.withLock { $0.lastLog = line }
                server.log(line)
            }, cls: Unmanaged.passUnretained(self).toOpaque())
        var flags =
            MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
            | MHD_USE_ERROR_LOG.rawValue
        if socketAddress.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let daemon = socketAddress.withPointer { pointer in
            cmhd_start(
                flags, pointer, UInt32(configuration.connectionLimit), UInt32(configuration.idleTimeoutSeconds),
                HTTPServer.accessHandler, me, HTTPServer.completedHandler, me, logger)
        }
        guard let daemon else {
            let why = state.withLock { $0.lastLog } ?? "libmicrohttpd could not start"
            throw Failure(description: "cannot listen on \(socketAddress.display(port: configuration.port)): \(why)")
        }
        let bound = Int(cmhd_bound_port(daemon))
        state.withLock {
            $0.daemon = Daemon(pointer: daemon)
            $0.port = bound == 0 ? configuration.port : bound
        }
    }

    /// Closes every streamed body, then stops listening and waits for the connection threads. Idempotent.
    public func stop() {
        guard
            let daemon = state.withLock({ s -> Daemon? in
                defer { s.daemon = nil }
                return s.daemon
            })
        else { return }
        for stream in openStreams.withLock({ Array($0.values) }) { stream.close() }
        MHD_stop_daemon(daemon.pointer)
    }

    /// Whether `value` (an `Authorization` header) carries the configured credentials.
    func isAuthorized(_ value: String?) -> Bool {
        guard let expected = expectedAuthorization else { return true }
        guard let value else { return false }
        let given = Array(value.utf8)
        // Constant time in the length of what was expected: no early exit on the first difference.
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for i in 0..<expected.count { difference |= expected[i] ^ (i < given.count ? given[i] : 0) }
        return difference == 0
    }
}
