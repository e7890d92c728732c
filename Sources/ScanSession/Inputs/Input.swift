import ScanCore

/// A source of frames: files, standard input, a camera.
///
/// The coordinator calls ``run(into:stop:)`` on a thread of its own and treats the input as finished when
/// it returns. How frames are handed over depends on ``delivery``:
/// - `.batch` (files): call ``FrameSink/process(_:)`` for every frame, from as many threads as useful;
///   it decodes on the calling thread and never drops a frame.
/// - `.live` (stdin, a camera): call ``FrameSink/offer(_:)``; each connection keeps only the latest frame
///   in a one-slot buffer while it is busy, and counts the frames it dropped (unless `dropFrames` is
///   false, when `offer` waits for the slot to be free).
///
/// A live camera input implements this protocol as it is: it opens the device (after the authorization
/// gate), offers each captured frame, and returns when `stop` is set.
public protocol Input: Sendable {
    /// The input's id from the session file.
    var id: String { get }
    var delivery: InputDelivery { get }
    /// Reads frames until the input is exhausted or `stop` is set. Per-item failures go to
    /// ``FrameSink/fail(frame:source:message:)``; the input then goes on with the next item.
    func run(into sink: any FrameSink, stop: StopSignal)
    /// True when this batch input numbers its frames 0, 1, 2 … (a failed item keeps its number) and its
    /// events must go out in that order, however the frames' decoding overlaps: a file input's codes come
    /// out in file order. Default: false (events go out as frames finish).
    var deliversInOrder: Bool { get }
}

extension Input {
    public var deliversInOrder: Bool { false }
}

/// How an input's frames reach its connections.
public enum InputDelivery: Sendable, Equatable {
    /// Every frame is decoded, on the thread that hands it over (file inputs).
    case batch
    /// Frames arrive in real time; with `dropFrames`, a busy connection keeps only the latest.
    case live(dropFrames: Bool)
}

/// Where an input hands its frames (implemented by the coordinator).
public protocol FrameSink: Sendable {
    /// Decodes `frame` for every connection of the input now, on the calling thread (batch inputs).
    func process(_ frame: Frame)
    /// Puts `frame` into each connection's latest-frame slot (live inputs).
    func offer(_ frame: Frame)
    /// Reports a failed item (an `error` event naming the source, and the frame when there is one): an
    /// unreadable file, a truncated frame, an entry that names nothing. The run then exits 1.
    func fail(frame: Int?, source: String, message: String)
    /// Reports a problem of the source that the input recovers from or works around (a camera that
    /// stalled and is reopened, a control it lacks): an `error` event as ``fail(frame:source:message:)``
    /// writes, but no item was lost, so the run's exit status does not change.
    func report(source: String, message: String)
}

extension FrameSink {
    /// Sinks that do not tell the two apart record a recovered problem as a failure.
    public func report(source: String, message: String) { fail(frame: nil, source: source, message: message) }
}
