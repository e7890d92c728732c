import Foundation
import ScanHTTP
import Synchronization

/// `type: preview`: serves a live page of the session over HTTP (``PreviewOutputConfig``,
/// `Docs/preview.md`).
///
/// | path | what |
/// |---|---|
/// | `/` | the page: live frames with outlines and the region of interest, last events, camera controls |
/// | `/stream?connection=N` | MJPEG (`multipart/x-mixed-replace`) of connection N (default: the first) |
/// | `/snapshot.jpg?connection=N` | the latest annotated frame, one JPEG |
/// | `/events` | Server-Sent Events: the events this output receives |
/// | `/metrics` | Prometheus text: the session's counters, `scanctl_` names |
/// | `/status` | JSON: session, connections (regions of interest), cameras and their controls |
/// | `/controls` | `POST input=ID&name=KEY&value=N`: sets a camera control; JSON answer |
///
/// The decoding threads hand views over through ``observe(_:)``, which only stores the latest; JPEG
/// encoding runs on the preview's own thread at most `fps` times a second and only while a `/stream`
/// client watches; each HTTP client has its own thread (libmicrohttpd), so no client can slow the
/// session down.
public final class PreviewOutput: FrameViewer {
    public let id: String
    public let config: PreviewOutputConfig
    private let info: @Sendable (String) -> Void
    private let diagnostics: @Sendable (String) -> Void
    let hub: PreviewEventHub
    let renderer: PreviewRenderer
    private let parts = Mutex<(session: LiveSession?, server: HTTPServer?)>((nil, nil))

    /// - Parameters:
    ///   - info: receives the page's address once it listens (`output 'preview': http://127.0.0.1:8080/`).
    ///   - diagnostics: receives problems of the server and of drawing frames.
    public init(
        id: String, config: PreviewOutputConfig, info: @escaping @Sendable (String) -> Void,
        diagnostics: @escaping @Sendable (String) -> Void
    ) {
        self.id = id
        self.config = config
        self.info = info
        self.diagnostics = diagnostics
        self.hub = PreviewEventHub(history: config.history)
        self.renderer = PreviewRenderer(
            fps: config.fps, quality: config.quality, showLostMs: config.showLostMs,
            diagnostics: { diagnostics("output '\(id)': \($0)") })
    }

    /// The session, once attached.
    var session: LiveSession? { parts.withLock { $0.session } }

    /// The connections that feed this output, by index.
    var connections: [ConnectionPlan] { session?.connections.filter { $0.outputs.contains(id) } ?? [] }

    /// The port the page is served on (the chosen one for `port: 0`); 0 before ``open()``.
    public var port: Int { parts.withLock { $0.server?.port ?? 0 } }

    public func attach(_ session: LiveSession) { parts.withLock { $0.session = session } }

    /// Starts the HTTP server and the encoding thread.
    /// - Throws: ``HTTPServer/Failure`` when it cannot listen (a port in use, a bad address).
    public func open() throws {
        var configuration = HTTPServer.Configuration(address: config.address, port: config.port)
        if let credentials = config.credentials {
            configuration.basicAuth = .init(user: credentials.user, password: credentials.password)
        }
        let id = self.id
        let diagnostics = self.diagnostics
        let server = HTTPServer(configuration: configuration, log: { diagnostics("output '\(id)': \($0)") }) {
            [weak self] request in
            self?.respond(to: request) ?? .text("the session is over\n", status: 503)
        }
        try server.start()
        parts.withLock { $0.server = server }
        renderer.start(name: "preview-\(id)")
        let host = config.address.contains(":") ? "[\(config.address)]" : config.address
        info("output '\(id)': preview at http://\(host):\(server.port)/")
    }

    public func observe(_ view: FrameView) { renderer.offer(view) }

    public func write(_ event: Event) throws { hub.publish(event) }

    /// Ends the streams and stops the server.
    public func finish() -> Int {
        hub.close()
        renderer.stop()
        let server = parts.withLock { p -> HTTPServer? in
            defer { p.server = nil }
            return p.server
        }
        server?.stop()
        return 0
    }
}
