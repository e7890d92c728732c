import Foundation
import Synchronization

/// The running counts of a session, shared by its threads: the totals of the summary line and, for the
/// preview's `/metrics`, the same counts by input, by connection and by format, with a histogram of
/// decode times.
final class SessionMetrics: Sendable {
    struct State: Sendable {
        /// Totals (`frames`, `symbols`, `errors`); dropped frames, events and the rest are filled in at
        /// the end of the run.
        var summary = RunSummary()
        var framesByInput: [String: Int] = [:]
        var symbolsByFormat: [String: Int] = [:]
        var eventsByKind: [EventKind: Int] = [:]
        var decodeTimes: [Int: DecodeHistogram] = [:]
    }

    let state = Mutex(State())

    /// A frame was read from `input`.
    func frameRead(input: String) {
        state.withLock { s in
            s.summary.frames += 1
            s.framesByInput[input, default: 0] += 1
        }
    }

    /// A connection decoded a frame in `seconds` and produced `events`.
    func decoded(connection: Int, seconds: Double, events: [Event]) {
        state.withLock { s in
            s.decodeTimes[connection, default: DecodeHistogram()].record(seconds)
            count(events, in: &s)
        }
    }

    /// Counts `events` (symbols: the detected ones) that did not come from a decode (tracks lost at the end).
    func produced(_ events: [Event]) {
        guard !events.isEmpty else { return }
        state.withLock { count(events, in: &$0) }
    }

    /// An error reported as an event: a per-item failure, or a problem the session recovered from (a
    /// camera stall or reopen).
    func error() { state.withLock { $0.summary.errors += 1 } }

    /// An item that failed (an unreadable file, a truncated frame), besides its error (``error()``): the
    /// run then exits 1.
    func itemFailed() { state.withLock { $0.summary.failedItems += 1 } }

    /// An error that is also a failed item (a write that could not be made).
    func failure() {
        state.withLock { s in
            s.summary.errors += 1
            s.summary.failedItems += 1
        }
    }

    private func count(_ events: [Event], in s: inout State) {
        for event in events {
            s.eventsByKind[event.kind, default: 0] += 1
            if event.kind == .detected, let format = event.barcode?.format.name {
                s.summary.symbols += 1
                s.symbolsByFormat[format, default: 0] += 1
            }
        }
    }
}

/// Decode times of one connection in Prometheus histogram buckets (upper bounds in seconds).
public struct DecodeHistogram: Sendable, Equatable {
    /// The buckets' upper bounds: 1 ms to 10 s.
    public static let bounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// Observations at most each bound (cumulative, as Prometheus exposes them); `count` holds all.
    public private(set) var cumulative = [Int](repeating: 0, count: DecodeHistogram.bounds.count)
    /// Sum of all observations, seconds.
    public private(set) var sum = 0.0
    /// Number of observations.
    public private(set) var count = 0

    public init() {}

    /// Adds one decode time.
    public mutating func record(_ seconds: Double) {
        for (i, bound) in Self.bounds.enumerated() where seconds <= bound { cumulative[i] += 1 }
        sum += seconds
        count += 1
    }
}
