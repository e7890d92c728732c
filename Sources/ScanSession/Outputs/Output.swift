/// A destination of events: standard output, a file, a webhook.
///
/// The coordinator calls ``open()`` before any input starts, then ``persist(_:)`` for each event as it is
/// routed, ``write(_:)`` for each event in order from one thread of its own, and ``finish()`` once when
/// the session ends.
public protocol Output: Sendable {
    /// The output's id from the session file.
    var id: String { get }
    /// Prepares the destination (creates files, loads a spool).
    /// - Throws: when the output cannot work at all (the session then fails before it starts).
    func open() throws
    /// Makes `event` durable before it is queued for any output (called on the routing thread, in event
    /// order). Outputs that promise delivery across crashes (the webhook spool) implement it; the default
    /// does nothing. A thrown error is reported and counted, and the event still goes to ``write(_:)``.
    func persist(_ event: Event) throws
    /// Writes or sends one event. A thrown error is reported and counted, and the session goes on.
    func write(_ event: Event) throws
    /// Flushes, delivers or spools what is pending and closes; returns the number of events that were
    /// neither delivered nor kept for later delivery.
    func finish() -> Int
}

extension Output {
    public func persist(_ event: Event) throws {}
}

/// Why an output could not open, write, send or spool: a message naming what failed and the reason
/// (`out/scans.jsonl: cannot write: No space left on device`), reported and counted by the session.
public struct OutputFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// An output with the event kinds it receives (`events:` in the session).
public struct OutputPlan: Sendable {
    /// The output.
    public var output: any Output
    /// The event kinds it receives (`events:`).
    public var events: Set<EventKind>
    public init(output: any Output, events: Set<EventKind> = EventKind.defaultSet) {
        self.output = output
        self.events = events
    }
}
