import Foundation
import ScanAnnotation
import ScanCore
import ScanImageIO

/// Turns the latest decoded frame of each connection into an annotated JPEG, on a thread of its own, at
/// most `fps` times a second and only while some `/stream` client watches.
///
/// ``offer(_:)`` (the decoding thread) only stores the view and signals: a view not encoded before a
/// newer one arrives is skipped, so the preview never slows decoding down. The JPEG shows the frame (in
/// colour for RGB input, otherwise its luminance: what the decoders see), each symbol's outline in the
/// colour of its state (``OutlineState``), codes lost in the last `show_lost_ms` where they were last
/// seen, the region of interest, and a caption with the frame number and decode time.
final class PreviewRenderer: @unchecked Sendable {
    /// One encoded frame.
    struct Encoded: Sendable {
        /// Counts up with every JPEG of the connection, from 1.
        let sequence: Int
        let jpeg: [UInt8]
        let width: Int, height: Int
    }

    private struct Lost {
        let symbol: FrameView.Symbol
        let until: Date
    }

    // All state is guarded by `condition`.
    private let condition = NSCondition()
    private var views: [Int: FrameView] = [:]
    private var fresh: Set<Int> = []
    private var lost: [Int: [Lost]] = [:]
    private var encoded: [Int: Encoded] = [:]
    private var watchers: [Int: Int] = [:]
    private var stopped = false
    private var encodedCount = 0
    private var reportedFailure = false
    private let finishedThread = DispatchSemaphore(value: 0)

    let fps: Double
    let quality: Int
    let showLost: Double
    let diagnostics: @Sendable (String) -> Void

    init(fps: Double, quality: Int, showLostMs: Int, diagnostics: @escaping @Sendable (String) -> Void) {
        self.fps = fps
        self.quality = quality
        self.showLost = Double(showLostMs) / 1000
        self.diagnostics = diagnostics
    }

    /// Keeps `view` as its connection's latest (called on the decoding thread; never waits for encoding).
    func offer(_ view: FrameView) {
        condition.lock()
        views[view.connection] = view
        fresh.insert(view.connection)
        if !view.lost.isEmpty {
            let until = Date().addingTimeInterval(showLost)
            lost[view.connection, default: []] += view.lost.map { Lost(symbol: $0, until: until) }
        }
        condition.signal()
        condition.unlock()
    }

    /// JPEGs encoded so far.
    var framesEncoded: Int {
        condition.lock()
        defer { condition.unlock() }
        return encodedCount
    }

    /// `/stream` clients now, by connection.
    var watcherCounts: [Int: Int] {
        condition.lock()
        defer { condition.unlock() }
        return watchers
    }

    /// Starts the encoding thread.
    func start(name: String) {
        let thread = Thread { [self] in
            run()
            finishedThread.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Stops the encoding thread and ends every stream.
    func stop() {
        condition.lock()
        let wasRunning = !stopped
        stopped = true
        condition.broadcast()
        condition.unlock()
        if wasRunning { finishedThread.wait() }
    }

    private func run() {
        guard let encoder = try? JPEGEncoder() else {
            diagnostics("preview: cannot create a JPEG encoder; no frames will be streamed")
            return
        }
        let interval = 1 / fps
        var lastEncode = Date.distantPast
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            let due = fresh.filter { (watchers[$0] ?? 0) > 0 }
            if due.isEmpty {
                condition.wait()
                continue
            }
            let next = lastEncode.addingTimeInterval(interval)
            if Date() < next {
                _ = condition.wait(until: next)
                continue
            }
            lastEncode = Date()
            for connection in due.sorted() {
                guard let view = views[connection] else { continue }
                fresh.remove(connection)
                let now = Date()
                lost[connection]?.removeAll { $0.until <= now }
                let gone = lost[connection]?.map(\.symbol) ?? []
                condition.unlock()
                let jpeg = render(view, lost: gone, encoder: encoder)
                condition.lock()
                guard let jpeg else { continue }
                let sequence = (encoded[connection]?.sequence ?? 0) + 1
                encoded[connection] = Encoded(
                    sequence: sequence, jpeg: jpeg, width: view.frame.width, height: view.frame.height)
                encodedCount += 1
                condition.broadcast()
            }
        }
    }

    /// The annotation of `view`, with the `lost` symbols drawn where they were last seen.
    static func annotation(of view: FrameView, lost: [FrameView.Symbol]) -> Annotation {
        var annotation = Annotation()
        annotation.symbols =
            lost.map { AnnotatedSymbol($0.barcode, state: .lost, trackID: $0.trackID) }
            + view.symbols.map {
                AnnotatedSymbol($0.barcode, state: $0.isConfirmed ? .confirmed : .detected, trackID: $0.trackID)
            }
        if let roi = view.regionOfInterest {
            let r = roi.pixelRect(frameWidth: view.frame.width, frameHeight: view.frame.height)
            annotation.regionOfInterest = Rect(
                x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
        }
        let ms = (view.decodeSeconds * 10_000).rounded() / 10
        annotation.caption = "\(view.input) · frame \(view.frame.sequenceNumber) · decoded in \(ms) ms"
        return annotation
    }

    /// The annotated JPEG of `view`; nil (reported once) when it cannot be drawn.
    func render(_ view: FrameView, lost: [FrameView.Symbol], encoder: JPEGEncoder) -> [UInt8]? {
        do {
            let canvas = try AnnotationCanvas(frame: view.frame)
            canvas.draw(Self.annotation(of: view, lost: lost))
            return try canvas.jpeg(with: encoder, quality: quality)
        } catch {
            condition.lock()
            let first = !reportedFailure
            reportedFailure = true
            condition.unlock()
            if first { diagnostics("preview: frame \(view.frame.sequenceNumber) cannot be shown: \(error)") }
            return nil
        }
    }

    /// The latest view of `connection` drawn now, on the calling thread (`/snapshot.jpg`).
    func snapshot(connection: Int) -> [UInt8]? {
        condition.lock()
        let view = views[connection]
        let now = Date()
        let gone = lost[connection]?.filter { $0.until > now }.map(\.symbol) ?? []
        condition.unlock()
        guard let view, let encoder = try? JPEGEncoder() else { return nil }
        return render(view, lost: gone, encoder: encoder)
    }

    /// A `/stream` client of `connection`.
    func watch(connection: Int) -> MJPEGStream {
        condition.lock()
        watchers[connection, default: 0] += 1
        // A new client wants a picture at once, even of a frame already encoded for others.
        if views[connection] != nil { fresh.insert(connection) }
        condition.broadcast()
        condition.unlock()
        return MJPEGStream(renderer: self, connection: connection)
    }

    /// What a `/stream` client gets next.
    enum Wait {
        /// A JPEG newer than the last one sent, or the last one again after a quiet `keepAlive`.
        case frame(Encoded)
        /// Nothing was encoded yet and `keepAlive` passed.
        case idle
        /// The preview stops, or the client was closed.
        case end
    }

    /// Waits for a JPEG of `connection` newer than `sequence`; after `keepAlive` seconds without one the
    /// latest is returned again (so a gone client is noticed).
    func next(connection: Int, after sequence: Int, keepAlive: Double, closed: () -> Bool) -> Wait {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(keepAlive)
        while !stopped && !closed() {
            if let e = encoded[connection], e.sequence > sequence { return .frame(e) }
            if !condition.wait(until: deadline) { return encoded[connection].map { .frame($0) } ?? .idle }
        }
        return .end
    }

    /// Wakes every waiting client (one of them was closed).
    func wakeAll() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    func unwatch(connection: Int) {
        condition.lock()
        watchers[connection, default: 1] -= 1
        condition.unlock()
    }
}
