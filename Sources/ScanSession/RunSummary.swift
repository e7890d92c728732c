/// What a session did, for the summary line on stderr at the end.
public struct RunSummary: Sendable, Equatable {
    /// Frames read from inputs (files count one frame each).
    public var frames = 0
    /// Symbols read (detected events produced, before output filters).
    public var symbols = 0
    /// Frames dropped by latest-frame slots because decoding fell behind.
    public var droppedFrames = 0
    /// Per-item errors (unreadable files, truncated frames, failed writes).
    public var errors = 0
    /// Events neither delivered nor spooled when the session ended.
    public var undelivered = 0
    /// Events sent to at least one output (all kinds but `error`).
    public var events = 0
    /// `confirmed` events produced.
    public var confirmed = 0
    /// Seconds from start to end.
    public var seconds = 0.0

    public init() {}

    /// `7 frames, 8 symbols, 0 dropped frames, 1 error, 0 undelivered events (0.4 s)`.
    public var line: String {
        let time = (seconds * 10).rounded() / 10
        return "\(frames.counted("frame")), \(symbols.counted("symbol")), \(droppedFrames.counted("dropped frame")), "
            + "\(errors.counted("error")), \(undelivered.counted("undelivered event")) (\(time) s)"
    }
}

/// When a run stops on its own besides its inputs ending.
public struct RunLimits: Sendable, Equatable {
    /// Stop after the first `confirmed` event (`--once`). Default: false.
    public var once = false
    /// Stop after this many events were sent to outputs (`--max-events`). Default: no limit.
    public var maxEvents: Int?
    /// Stop after this many seconds (`--duration`). Default: no limit.
    public var duration: Double?
    public init() {}
}
