import Foundation
import Synchronization

/// `type: webhook`: POSTs events as JSON to a URL, with retries, back-off and a durable spool.
///
/// Every event this output receives is put in its ``Spool`` while the event is routed (``persist(_:)``,
/// before any other output sees it; with `spool:` the file is synced to disk first). A delivery thread
/// sends the oldest pending events, `batch_size` at a time (one JSON object per request for a batch size
/// of 1, otherwise a JSON array), following ``WebhookDelivery``: retries with exponential back-off on
/// network errors, timeouts and 5xx; a 4xx is reported and the events dropped. When a whole round of
/// attempts fails, the events stay spooled and the next round starts after `max_backoff_ms`. Events
/// carry `event_id`, so receivers can drop the duplicates that at-least-once delivery may cause.
///
/// ``finish()`` goes on delivering while the receiver accepts; the first round whose attempts all fail
/// ends it, and what is left stays in the spool for the next run (without a spool it counts as
/// undelivered). Shutdown therefore takes at most one round: `attempts` × (`timeout_ms` + back-off).
public final class WebhookOutput: Output {
    public let id: String
    public let config: WebhookOutputConfig
    let spool: Spool
    private let client: WebhookClient?
    private let diagnostics: @Sendable (String) -> Void
    private let wake = Wakeup()
    private let state = Mutex<(finishing: Bool, delivered: Int, rejected: Int)>((false, 0, 0))
    private let stopped = DispatchSemaphore(value: 0)

    /// - Parameter diagnostics: receives one line per refused request and the spool's state at the end.
    public init(id: String, config: WebhookOutputConfig, diagnostics: @escaping @Sendable (String) -> Void) {
        self.id = id
        self.config = config
        self.spool = Spool(directory: config.spool)
        self.client = URL(string: config.url).map {
            WebhookClient(url: $0, headers: config.headers, timeoutMs: config.timeoutMs)
        }
        self.diagnostics = diagnostics
    }

    /// The output cannot start: a bad URL or an unusable spool directory.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Events delivered (accepted with 2xx) so far.
    public var delivered: Int { state.withLock { $0.delivered } }

    public func open() throws {
        guard let client else { throw Failure(description: "'\(config.url)' is not a valid URL") }
        do {
            try spool.open()
        } catch {
            throw Failure(description: error.description)
        }
        if spool.count > 0 {
            diagnostics(
                "output '\(id)': \(spool.count) events from an earlier run wait in the spool; delivering them first")
        }
        let thread = Thread { [self] in
            deliver(with: client)
            stopped.signal()
        }
        thread.name = "webhook-\(id)"
        thread.start()
    }

    public func persist(_ event: Event) throws {
        do {
            try spool.append(event.jsonLine, id: event.id)
        } catch {
            throw Failure(description: error.description)
        }
        wake.signal()
    }

    public func write(_ event: Event) throws {
        // The event is already pending (persist); the delivery thread sends it.
    }

    public func finish() -> Int {
        state.withLock { $0.finishing = true }
        wake.signal()
        stopped.wait()
        let (rejected, left) = (state.withLock { $0.rejected }, spool.count)
        if left > 0 && spool.isDurable {
            diagnostics("output '\(id)': \(left) events wait in the spool \(config.spool ?? "") for the next run")
        }
        return rejected + (spool.isDurable ? 0 : left)
    }

    private var finishing: Bool { state.withLock { $0.finishing } }

    /// The delivery loop (its own thread) until ``finish()``.
    private func deliver(with client: WebhookClient) {
        let policy = WebhookDelivery.Policy(
            attempts: config.attempts, backoffMs: config.backoffMs, maxBackoffMs: config.maxBackoffMs)
        while true {
            let batch = spool.oldest(config.batchSize)
            if batch.isEmpty {
                if finishing { return }
                wake.wait(until: Date().addingTimeInterval(1))
                continue
            }
            let body = Data(
                (config.batchSize == 1 ? batch[0].body : "[" + batch.map(\.body).joined(separator: ",") + "]").utf8)
            var delivery = WebhookDelivery(policy: policy)
            var action = delivery.start()
            round: while true {
                switch action {
                case .send:
                    action = delivery.completed(client.post(body), now: Date())
                case .wait(let until):
                    // Also while finishing: the current round runs to its last attempt.
                    wake.wait(until: until)
                    action = delivery.retryTimeReached(now: Date())
                case .markDelivered:
                    spool.remove(batch)
                    state.withLock { $0.delivered += batch.count }
                    break round
                case .dropRejected(let status):
                    spool.remove(batch)
                    state.withLock { $0.rejected += batch.count }
                    diagnostics(
                        "output '\(id)': \(config.url) refused \(batch.count) events with HTTP \(status); not retried")
                    break round
                case .keepSpooled:
                    if finishing { return }
                    wake.wait(until: Date().addingTimeInterval(Double(config.maxBackoffMs) / 1000))
                    break round
                }
            }
        }
    }
}

/// A wake-up call between threads: ``wait(until:)`` returns at the deadline or when ``signal()`` was called
/// since the last wait.
final class Wakeup: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var signalled = false

    func signal() {
        condition.lock()
        signalled = true
        condition.broadcast()
        condition.unlock()
    }

    func wait(until deadline: Date) {
        condition.lock()
        while !signalled && Date() < deadline {
            _ = condition.wait(until: deadline)
        }
        signalled = false
        condition.unlock()
    }
}
