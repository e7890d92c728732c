import ScanCore

/// The life of a camera input as a value-type state machine: open, stream, notice a lost or stalled device,
/// wait with back-off, reopen, stop.
///
/// ```swift
/// var machine = CameraLifecycle(stallTimeoutMs: 2000)
/// switch machine.start(nowMs: clock()) { case .open: … }
/// ```
///
/// The caller owns the device and performs the returned ``Action``; the machine only decides. Times are
/// milliseconds of a monotonic clock, passed in, so every transition is testable without a camera or a
/// clock. Each failed open, lost device and stall becomes a `.close`/`.report` action: the caller turns the
/// message into an `error` event.
///
/// Back-off: ``ExponentialBackoff``, `initialBackoffMs` after the first failure, doubling per further
/// failure up to `maxBackoffMs`; a frame after a reopen resets it.
public struct CameraLifecycle: Sendable, Equatable {
    /// Where the camera is.
    public enum State: Sendable, Equatable {
        /// Not started.
        case idle
        /// An open was asked for; waiting for ``opened(nowMs:)`` or ``openFailed(_:nowMs:)``.
        case opening
        /// Streaming; `lastFrameMs` is when the last frame (or the open) happened.
        case streaming(lastFrameMs: Int)
        /// Closed after a failure; reopen at `retryAtMs`.
        case waiting(retryAtMs: Int)
        /// Stopped for good.
        case stopped
    }

    /// What the caller does next.
    public enum Action: Sendable, Equatable {
        /// Nothing to do.
        case none
        /// Open the device, negotiate and start streaming; report the outcome.
        case open
        /// Close the device (if open), report `message` as an error event, and wait `retryInMs`.
        case closeAndReport(message: String, retryInMs: Int)
        /// Report `message` as an error event and wait `retryInMs` (nothing is open).
        case report(message: String, retryInMs: Int)
        /// Close the device and finish.
        case close
        /// Report `message` and finish: the failure will not go away by retrying.
        case giveUp(message: String)
    }

    /// The current state.
    public private(set) var state: State = .idle
    /// Failures since the last frame.
    public private(set) var failures = 0
    /// `stall_timeout_ms`: no frame for this long counts as a stall.
    public let stallTimeoutMs: Int
    /// The wait before each reopen, by failures in a row.
    public let backoff: ExponentialBackoff

    /// `initialBackoffMs` and `maxBackoffMs` make the ``backoff``.
    public init(stallTimeoutMs: Int, initialBackoffMs: Int = 250, maxBackoffMs: Int = 8000) {
        self.stallTimeoutMs = stallTimeoutMs
        self.backoff = ExponentialBackoff(initialMs: initialBackoffMs, maxMs: maxBackoffMs)
    }

    /// Starts: the first open.
    public mutating func start(nowMs: Int) -> Action {
        guard state == .idle else { return .none }
        state = .opening
        return .open
    }

    /// The device is open and streaming.
    public mutating func opened(nowMs: Int) -> Action {
        guard state == .opening else { return .none }
        state = .streaming(lastFrameMs: nowMs)
        return .none
    }

    /// Opening failed. `permanent` failures (no such format, not a capture device, permission denied)
    /// end the input; others are retried after the back-off.
    public mutating func openFailed(_ message: String, permanent: Bool = false, nowMs: Int) -> Action {
        guard state == .opening else { return .none }
        if permanent {
            state = .stopped
            return .giveUp(message: message)
        }
        failures += 1
        let wait = backoff.delayMs(afterFailures: failures)
        state = .waiting(retryAtMs: nowMs + wait)
        return .report(message: "\(message); retrying in \(wait) ms (attempt \(failures))", retryInMs: wait)
    }

    /// A frame arrived: the stall clock restarts and the back-off resets.
    public mutating func frameArrived(nowMs: Int) -> Action {
        guard case .streaming = state else { return .none }
        state = .streaming(lastFrameMs: nowMs)
        failures = 0
        return .none
    }

    /// The device went away or failed while streaming (`ENODEV`, an I/O error).
    public mutating func deviceFailed(_ message: String, nowMs: Int) -> Action {
        guard case .streaming = state else { return .none }
        return fail(message, nowMs: nowMs)
    }

    /// Time passed: detects a stall while streaming, and the end of a wait.
    public mutating func tick(nowMs: Int) -> Action {
        switch state {
        case .streaming(let last) where nowMs - last >= stallTimeoutMs:
            return fail("no frame for \(nowMs - last) ms (stall_timeout_ms: \(stallTimeoutMs))", nowMs: nowMs)
        case .waiting(let at) where nowMs >= at:
            state = .opening
            return .open
        default:
            return .none
        }
    }

    /// Stop: close what is open and finish.
    public mutating func stop() -> Action {
        let wasOpen: Bool
        switch state {
        case .streaming, .opening: wasOpen = true
        default: wasOpen = false
        }
        state = .stopped
        return wasOpen ? .close : .none
    }

    private mutating func fail(_ message: String, nowMs: Int) -> Action {
        failures += 1
        let wait = backoff.delayMs(afterFailures: failures)
        state = .waiting(retryAtMs: nowMs + wait)
        return .closeAndReport(message: "\(message); reopening in \(wait) ms (attempt \(failures))", retryInMs: wait)
    }
}
