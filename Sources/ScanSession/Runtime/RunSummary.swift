/// What a session did, for the summary line on stderr at the end.
public struct RunSummary: Sendable, Equatable {
    /// Frames read from inputs (files count one frame each).
    public var frames = 0
    /// Symbols read (detected events produced, before output filters).
    public var symbols = 0
    /// Frames dropped by latest-frame slots because decoding fell behind.
    public var droppedFrames = 0
    /// `error` events: failed items, and problems a camera input recovered from (a stall, a reopen).
    public var errors = 0
    /// Items that failed: unreadable files, truncated frames, entries that name nothing, failed writes.
    public var failedItems = 0
    /// Events neither delivered nor spooled when the session ended.
    public var undelivered = 0
    /// Events sent to at least one output (all kinds but `error`).
    public var events = 0
    /// `confirmed` events produced.
    public var confirmed = 0
    /// Seconds from start to end.
    public var seconds = 0.0

    public init() {}

    /// True when an item failed (an unreadable file, a truncated frame, a failed write) or events were
    /// lost: `scanctl run` then exits 1. A camera that stalled and was reopened is an error event, not a
    /// failed item.
    public var failed: Bool { failedItems > 0 || undelivered > 0 }

    /// What failed, for the end of the summary line (`FAILED: 19 items failed, 3 events undelivered`), or
    /// nil when nothing did.
    public var failure: String? {
        guard failed else { return nil }
        var parts: [String] = []
        if failedItems > 0 { parts.append("\(failedItems.counted("item")) failed") }
        if undelivered > 0 { parts.append("\(undelivered.counted("event")) undelivered") }
        return "FAILED: " + parts.joined(separator: ", ")
    }

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
