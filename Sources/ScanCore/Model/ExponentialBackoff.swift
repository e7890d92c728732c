/// Exponential back-off: how long to wait after failures in a row before trying again.
///
/// ```swift
/// let backoff = ExponentialBackoff(initialMs: 250, maxMs: 8000)
/// backoff.delayMs(afterFailures: 1)   // 250
/// backoff.delayMs(afterFailures: 3)   // 1000
/// backoff.delayMs(afterFailures: 9)   // 8000
/// ```
///
/// The wait after the n-th failure in a row is `initialMs · 2^(n−1)`, at most `maxMs`, in milliseconds.
/// The caller counts the failures and resets its count after a success; the camera input
/// (`CameraLifecycle`) and the webhook delivery (`WebhookDelivery`) both wait by it.
public struct ExponentialBackoff: Sendable, Equatable {
    /// The wait after the first failure (0 or more).
    public let initialMs: Int
    /// The longest wait (0 or more).
    public let maxMs: Int

    /// Negative values count as 0.
    public init(initialMs: Int, maxMs: Int) {
        self.initialMs = max(0, initialMs)
        self.maxMs = max(0, maxMs)
    }

    /// The wait after the `failures`-th failure in a row (from 1; 0 or less counts as 1).
    public func delayMs(afterFailures failures: Int) -> Int {
        var wait = min(initialMs, maxMs)
        var n = 1
        while n < failures && wait > 0 && wait < maxMs {
            wait = wait > maxMs / 2 ? maxMs : wait * 2
            n += 1
        }
        return wait
    }
}
