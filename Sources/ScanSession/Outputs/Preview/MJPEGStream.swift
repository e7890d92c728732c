import Foundation
import ScanHTTP
import Synchronization

/// One `/stream` client: a `multipart/x-mixed-replace` body of JPEG parts, each the latest annotated
/// frame of its connection (a slow client skips frames; it never holds up the encoder or the decoder).
final class MJPEGStream: HTTPStreamBody, Sendable {
    /// The multipart boundary.
    static let boundary = "scanctlframe"
    /// The content type of the whole response.
    static let contentType = "multipart/x-mixed-replace; boundary=\(boundary)"
    /// Without a new frame for this long, the last one is sent again.
    static let keepAliveSeconds = 5.0

    private let renderer: PreviewRenderer
    let connection: Int
    private let state = Mutex<(sent: Int, closed: Bool, done: Bool)>((0, false, false))

    init(renderer: PreviewRenderer, connection: Int) {
        self.renderer = renderer
        self.connection = connection
    }

    /// One part: boundary, headers, the JPEG.
    static func part(_ jpeg: [UInt8]) -> [UInt8] {
        Array("--\(boundary)\r\nContent-Type: image/jpeg\r\nContent-Length: \(jpeg.count)\r\n\r\n".utf8) + jpeg
            + Array("\r\n".utf8)
    }

    func next() -> [UInt8]? {
        let sent = state.withLock { $0.sent }
        switch renderer.next(
            connection: connection, after: sent, keepAlive: Self.keepAliveSeconds,
            closed: { state.withLock { $0.closed } })
        {
        case .frame(let e):
            state.withLock { $0.sent = e.sequence }
            return Self.part(e.jpeg)
        case .idle:
            return []
        case .end:
            return nil
        }
    }

    func close() {
        state.withLock { $0.closed = true }
        renderer.wakeAll()
    }

    func finished() {
        let first = state.withLock { s -> Bool in
            defer { s.done = true }
            return !s.done
        }
        if first { renderer.unwatch(connection: connection) }
    }
}
