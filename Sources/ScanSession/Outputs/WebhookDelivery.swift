import Foundation
import ScanCore

/// The delivery of a webhook output's spooled events as a value-type state machine: the caller feeds it
/// what happened and performs the ``Action`` it returns. One machine serves the output for its whole
/// life, one batch (the oldest spooled events) at a time.
///
/// ```text
/// ready ──start──▶ inFlight(1) ──accepted──▶ ready                 (batch removed from the spool)
///                      │ ──rejected payload (400, 413, 422)──▶ ready (batch to the dead-letter file)
///                      └─can heal─▶ waiting(1, until) ──retryTimeReached──▶ inFlight(2) ──▶ …
///                                       │ stop; finishing: after `attempts` failures
///                                       └──────────────────────────▶ stopped (kept spooled)
/// ```
///
/// A failure that can heal (401, 403, 404, 408, 409, 425, 429, 5xx, any other unexpected status, a network
/// error or a timeout) keeps the batch in the spool and retries it with back-off `backoff_ms · 2^(n−1)`,
/// at most `max_backoff_ms`, for as long as the session runs: an expired token or a receiver that is down
/// loses nothing. Once ``finish()`` was called, delivery goes on while the receiver accepts, and ends,
/// the events staying in the spool for the next run, after one failed attempt when it was already
/// stalled (a retry waiting for its back-off is made at once: the receiver was failing, and a stop must
/// not wait out minutes of back-off), else after `attempts` failures, waiting the back-off from its first
/// step (`backoff_ms`, doubled) between them.
///
/// The machine also knows whether delivery is *stalled* (the last request failed): the first failure
/// after a success, and the first success after failures, come with a notice for the caller to print,
/// so stderr says once per change why delivery stopped and when it resumed.
public struct WebhookDelivery: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// No request under way; ``start()`` sends the next batch.
        case ready
        case inFlight(attempt: Int)
        case waiting(attempt: Int, until: Date)
        /// Delivery ended (finishing after failures, or stopped): what is left stays spooled.
        case stopped
    }

    /// What one request gave.
    public enum Outcome: Sendable, Equatable {
        /// 2xx.
        case accepted(status: Int)
        /// 400, 413, 422: the receiver refuses this payload as it is; sending it again cannot help.
        case rejected(status: Int)
        /// Anything else (a status that can heal, a network error, a timeout); the text says which.
        case failed(String)

        /// Classifies an HTTP status code.
        public static func status(_ code: Int) -> Outcome {
            switch code {
            case 200..<300: return .accepted(status: code)
            case 400, 413, 422: return .rejected(status: code)
            case 300..<400: return .failed("HTTP \(code) (a redirect: not followed; point 'url' at its target)")
            default: return .failed("HTTP \(code)")
            }
        }
    }

    /// What the caller does next.
    public enum Action: Sendable, Equatable {
        /// Send the current batch (attempt numbers count from 1 for each batch).
        case send(attempt: Int)
        /// Delivered: remove the batch from the spool. `resumedAfter` is the reason delivery had stalled
        /// when this success ends a stall (print it), else nil.
        case markDelivered(resumedAfter: String?)
        /// Rejected with this status: move the batch to the dead-letter file. `resumedAfter` as above.
        case deadLetter(status: Int, resumedAfter: String?)
        /// Wait until this time, then call ``retryTimeReached(now:)``. `stalledBy` is the failure when it
        /// starts a stall (print it), else nil.
        case wait(until: Date, stalledBy: String?)
        /// Delivery ends: keep what is left in the spool.
        case keepSpooled(reason: String)
    }

    /// Attempts after ``finish()`` (at least 1) and the back-off between them (first wait and its cap, in
    /// milliseconds).
    public struct Policy: Sendable, Equatable {
        public var attempts: Int
        public var backoff: ExponentialBackoff
        public init(attempts: Int, backoffMs: Int, maxBackoffMs: Int) {
            self.attempts = max(1, attempts)
            self.backoff = ExponentialBackoff(initialMs: backoffMs, maxMs: maxBackoffMs)
        }
    }

    public let policy: Policy
    public private(set) var state: State = .ready
    /// Why delivery is stalled (the last request's failure), or nil while requests succeed.
    public private(set) var stalledBy: String?
    /// True once ``finish()`` was called.
    public private(set) var finishing = false
    /// Failed attempts since ``finish()``.
    public private(set) var failuresWhileFinishing = 0
    /// Failed attempts after ``finish()`` that end delivery: 1 when it was stalled then, else
    /// `policy.attempts`.
    public private(set) var finishingAttempts = 0

    public init(policy: Policy) { self.policy = policy }

    /// ready → inFlight(1): a batch is waiting.
    public mutating func start() -> Action {
        guard state == .ready else { return invalid("start") }
        state = .inFlight(attempt: 1)
        return .send(attempt: 1)
    }

    /// inFlight → ready (delivered, dead-lettered), waiting, or stopped (finishing, attempts used up).
    public mutating func completed(_ outcome: Outcome, now: Date) -> Action {
        guard case .inFlight(let attempt) = state else { return invalid("completed") }
        switch outcome {
        case .accepted:
            state = .ready
            return .markDelivered(resumedAfter: endStall())
        case .rejected(let status):
            state = .ready
            return .deadLetter(status: status, resumedAfter: endStall())
        case .failed(let why):
            let starts = stalledBy == nil
            stalledBy = why
            if finishing {
                failuresWhileFinishing += 1
                if failuresWhileFinishing >= finishingAttempts {
                    state = .stopped
                    return .keepSpooled(reason: why)
                }
            }
            let failures = finishing ? failuresWhileFinishing : attempt
            let until = now.addingTimeInterval(Double(policy.backoff.delayMs(afterFailures: failures)) / 1000)
            state = .waiting(attempt: attempt, until: until)
            return .wait(until: until, stalledBy: starts ? why : nil)
        }
    }

    /// waiting → inFlight(next attempt) once `now` reached the retry time; otherwise keep waiting.
    public mutating func retryTimeReached(now: Date) -> Action {
        guard case .waiting(let attempt, let until) = state else { return invalid("retryTimeReached") }
        guard now >= until else { return .wait(until: until, stalledBy: nil) }
        state = .inFlight(attempt: attempt + 1)
        return .send(attempt: attempt + 1)
    }

    /// The session is ending: from now on, one failure ends delivery when it is stalled (a retry that
    /// waits is due at once), else `policy.attempts` failures.
    public mutating func finish() {
        guard !finishing else { return }
        finishing = true
        failuresWhileFinishing = 0
        finishingAttempts = stalledBy == nil ? policy.attempts : 1
        if case .waiting(let attempt, _) = state { state = .waiting(attempt: attempt, until: .distantPast) }
    }

    /// Delivery stops now (while ready or waiting): → stopped.
    public mutating func stop() -> Action {
        switch state {
        case .ready, .waiting:
            state = .stopped
            return .keepSpooled(reason: stalledBy.map { "stopping after: \($0)" } ?? "stopping")
        default:
            return invalid("stop")
        }
    }

    private mutating func endStall() -> String? {
        defer { stalledBy = nil }
        return stalledBy
    }

    private mutating func invalid(_ event: String) -> Action {
        assertionFailure("WebhookDelivery: \(event) in state \(state)")
        state = .stopped
        return .keepSpooled(reason: "internal error: \(event) in state \(state)")
    }
}
