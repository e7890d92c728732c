import Foundation

/// The lifecycle of one webhook request (one event or one batch) as a value-type state machine: the
/// caller feeds it what happened and performs the ``Action`` it returns.
///
/// ```text
/// pending ──start──▶ inFlight(1) ──accepted──▶ delivered
///                        │  ──rejected (4xx)──▶ rejected          (not retried; reported)
///                        └─failed─▶ waiting(1, until) ──retryTimeReached──▶ inFlight(2) … inFlight(attempts)
///                                        │ stop                                  └─failed─▶ spooled
///                                        └──────────────────────────────────────────────▶ spooled
/// ```
///
/// Back-off before attempt n + 1 is `backoff_ms · 2^(n−1)`, at most `max_backoff_ms`. A `spooled`
/// delivery stays in the spool and is tried again in a later round or after a restart.
public struct WebhookDelivery: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        case pending
        case inFlight(attempt: Int)
        case waiting(attempt: Int, until: Date)
        case delivered
        case rejected(status: Int)
        case spooled
    }

    /// What one request gave.
    public enum Outcome: Sendable, Equatable {
        /// 2xx.
        case accepted(status: Int)
        /// 4xx other than 408 and 429: the receiver refuses the request as it is; retrying cannot help.
        case rejected(status: Int)
        /// A network error, a timeout, a 5xx (or 408, 429, or another unexpected status); the text says which.
        case failed(String)

        /// Classifies an HTTP status code.
        public static func status(_ code: Int) -> Outcome {
            switch code {
            case 200..<300: return .accepted(status: code)
            case 408, 429: return .failed("HTTP \(code)")
            case 400..<500: return .rejected(status: code)
            default: return .failed("HTTP \(code)")
            }
        }
    }

    /// What the caller does next.
    public enum Action: Sendable, Equatable {
        /// Send the request (attempt numbers count from 1).
        case send(attempt: Int)
        /// Wait until this time, then call ``retryTimeReached(now:)`` (or ``stop()`` when stopping).
        case wait(until: Date)
        /// Delivered: remove the events from the spool.
        case markDelivered
        /// Refused with this status: report it and remove the events from the spool.
        case dropRejected(status: Int)
        /// Every attempt of this round failed (or the session stops): keep the events in the spool.
        case keepSpooled(reason: String)
    }

    /// Attempts per round (at least 1), first back-off and its cap, in milliseconds.
    public struct Policy: Sendable, Equatable {
        public var attempts: Int
        public var backoffMs: Int
        public var maxBackoffMs: Int
        public init(attempts: Int, backoffMs: Int, maxBackoffMs: Int) {
            self.attempts = max(1, attempts)
            self.backoffMs = max(0, backoffMs)
            self.maxBackoffMs = max(0, maxBackoffMs)
        }

        /// Milliseconds to wait after failed attempt `attempt` (from 1).
        public func backoff(after attempt: Int) -> Int {
            let doubled = Double(backoffMs) * pow(2, Double(max(0, attempt - 1)))
            return Int(min(Double(maxBackoffMs), doubled))
        }
    }

    public let policy: Policy
    public private(set) var state: State = .pending
    /// Why the last attempt failed, if it did.
    public private(set) var lastFailure: String?

    public init(policy: Policy) { self.policy = policy }

    /// pending → inFlight(1).
    public mutating func start() -> Action {
        guard state == .pending else { return invalid("start") }
        state = .inFlight(attempt: 1)
        return .send(attempt: 1)
    }

    /// inFlight → delivered, rejected, waiting or spooled.
    public mutating func completed(_ outcome: Outcome, now: Date) -> Action {
        guard case .inFlight(let attempt) = state else { return invalid("completed") }
        switch outcome {
        case .accepted:
            state = .delivered
            return .markDelivered
        case .rejected(let status):
            state = .rejected(status: status)
            return .dropRejected(status: status)
        case .failed(let why):
            lastFailure = why
            guard attempt < policy.attempts else {
                state = .spooled
                return .keepSpooled(reason: why)
            }
            let until = now.addingTimeInterval(Double(policy.backoff(after: attempt)) / 1000)
            state = .waiting(attempt: attempt, until: until)
            return .wait(until: until)
        }
    }

    /// waiting → inFlight(next attempt) once `now` reached the retry time; otherwise keep waiting.
    public mutating func retryTimeReached(now: Date) -> Action {
        guard case .waiting(let attempt, let until) = state else { return invalid("retryTimeReached") }
        guard now >= until else { return .wait(until: until) }
        state = .inFlight(attempt: attempt + 1)
        return .send(attempt: attempt + 1)
    }

    /// The session stops while the delivery waits (or has not started): → spooled.
    public mutating func stop() -> Action {
        switch state {
        case .pending, .waiting:
            state = .spooled
            return .keepSpooled(reason: lastFailure.map { "stopping after: \($0)" } ?? "stopping")
        default:
            return invalid("stop")
        }
    }

    private mutating func invalid(_ event: String) -> Action {
        assertionFailure("WebhookDelivery: \(event) in state \(state)")
        state = .spooled
        return .keepSpooled(reason: "internal error: \(event) in state \(state)")
    }
}
