import Foundation
import Synchronization

/// `type: webhook`: POSTs events as JSON to a URL, with retries, back-off, a durable spool and a
/// dead-letter file.
///
/// Every event this output receives is put in its ``Spool`` while the event is routed (``persist(_:)``,
/// before any other output sees it; with `spool:` the file is synced to disk first). A delivery thread
/// sends the oldest pending events, `batch_size` at a time (one JSON object per request for a batch size
/// of 1, otherwise a JSON array), following ``WebhookDelivery``: a failure that can heal (an expired
/// token's 401, a 404 or 503 while the receiver is redeployed, a network error) keeps the events spooled
/// and retries with exponential back-off for as long as the session runs; a payload the receiver refuses
/// (400, 413, 422) goes to the spool's dead-letter file (``Spool/deadLetterPath``). Events carry
/// `event_id`, so receivers can drop the duplicates that at-least-once delivery may cause.
///
/// Messages (through `diagnostics`) say once per change why delivery stopped and when it resumed, with
/// the status, the URL (user information and query values redacted, ``SecretRedaction``) and the number
/// of events waiting.
///
/// ``finish()`` goes on delivering while the receiver accepts. A delivery already failing when the
/// session ends makes one last attempt at once; otherwise `attempts` failures in a row end it, with the
/// back-off from its first step between them (``WebhookDelivery``). What is left stays in the spool for
/// the next run (without a spool it is lost and counted as undelivered). Shutdown therefore takes at
/// most `timeout_ms` when the receiver was failing, and `attempts` × `timeout_ms` plus the first
/// `attempts` − 1 back-off steps when it starts failing during the shutdown.
public final class WebhookOutput: Output {
    public let id: String
    public let config: WebhookOutputConfig
    let spool: Spool
    private let client: WebhookClient?
    private let diagnostics: @Sendable (String) -> Void
    private let info: @Sendable (String) -> Void
    private let wake = Wakeup()
    private let state = Mutex<(finishing: Bool, delivered: Int, lost: Int)>((false, 0, 0))
    private let stopped = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - diagnostics: receives one line per change of delivery (stopped, resumed), per rejected batch, and
    ///     events lost at the end (errors).
    ///   - info: receives the spool's state at the start and at the end (information, not an error).
    public init(
        id: String, config: WebhookOutputConfig, diagnostics: @escaping @Sendable (String) -> Void,
        info: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.id = id
        self.config = config
        self.spool = Spool(directory: config.spool)
        self.client = URL(string: config.url).map {
            WebhookClient(url: $0, headers: config.headers, timeoutMs: config.timeoutMs)
        }
        self.diagnostics = diagnostics
        self.info = info
    }

    /// The output cannot start: a bad URL or an unusable spool directory.
    public typealias Failure = OutputFailure

    /// Events delivered (accepted with 2xx) so far.
    public var delivered: Int { state.withLock { $0.delivered } }

    /// The URL as messages show it (user information and query values redacted).
    var displayURL: String { SecretRedaction.url(config.url) }

    public func open() throws {
        guard let client else { throw Failure(description: "'\(displayURL)' is not a valid URL") }
        do {
            try spool.open()
        } catch {
            throw Failure(description: error.description)
        }
        if spool.count > 0 {
            info(
                "output '\(id)': \(spool.count.counted("event")) from an earlier run "
                    + "\(spool.count == 1 ? "waits" : "wait") in the spool; delivering "
                    + "\(spool.count == 1 ? "it" : "them") first")
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
        let left = spool.count
        if left > 0 && spool.isDurable {
            info("output '\(id)': \(Self.waiting(left)) in the spool \(config.spool ?? "") for the next run")
        } else if left > 0 {
            diagnostics(
                "output '\(id)': \(left.counted("event")) \(left == 1 ? "was" : "were") not delivered to "
                    + "\(displayURL) and \(left == 1 ? "is" : "are") lost (no 'spool:' holds them)")
        }
        return state.withLock { $0.lost } + (spool.isDurable ? 0 : left)
    }

    private var finishing: Bool { state.withLock { $0.finishing } }

    /// Where the waiting events are, for messages.
    private var waitingPlace: String {
        spool.isDurable
            ? "in the spool \(config.spool ?? "")" : "in memory (no 'spool:': lost if the session ends first)"
    }

    /// The delivery loop (its own thread) until ``finish()``.
    private func deliver(with client: WebhookClient) {
        var delivery = WebhookDelivery(
            policy: WebhookDelivery.Policy(
                attempts: config.attempts, backoffMs: config.backoffMs, maxBackoffMs: config.maxBackoffMs))
        while true {
            if finishing { delivery.finish() }
            let batch = spool.oldest(config.batchSize)
            if batch.isEmpty {
                if finishing { return }
                wake.wait(until: Date().addingTimeInterval(1))
                continue
            }
            let body = Data(
                (config.batchSize == 1 ? batch[0].body : "[" + batch.map(\.body).joined(separator: ",") + "]").utf8)
            var action = delivery.start()
            batch: while true {
                switch action {
                case .send:
                    action = delivery.completed(client.post(body), now: Date())
                case .wait(let until, let stalledBy):
                    if let stalledBy {
                        diagnostics(
                            "output '\(id)': delivery to \(displayURL) stopped: \(stalledBy); "
                                + "\(Self.waiting(spool.count)) \(waitingPlace), retried with back-off")
                    }
                    wake.wait(until: until)
                    if finishing { delivery.finish() }
                    action = delivery.retryTimeReached(now: Date())
                case .markDelivered(let resumedAfter):
                    spool.remove(batch)
                    state.withLock { $0.delivered += batch.count }
                    if let resumedAfter { announceResumed(after: resumedAfter) }
                    break batch
                case .deadLetter(let status, let resumedAfter):
                    if let resumedAfter { announceResumed(after: resumedAfter) }
                    deadLetter(batch, status: status)
                    break batch
                case .keepSpooled:
                    return
                }
            }
        }
    }

    private func announceResumed(after reason: String) {
        diagnostics(
            "output '\(id)': delivery to \(displayURL) resumed after \(reason); "
                + "\(Self.waiting(spool.count)) \(waitingPlace)")
    }

    /// `1 event waits`, `3 events wait`.
    static func waiting(_ count: Int) -> String {
        "\(count.counted("event")) \(count == 1 ? "waits" : "wait")"
    }

    /// Moves a refused batch to the dead-letter file (or, without a spool, drops it and counts it lost).
    private func deadLetter(_ batch: [Spool.Item], status: Int) {
        let rejected =
            "output '\(id)': \(displayURL) rejected \(batch.count.counted("event")) with HTTP \(status) (not retried)"
        do {
            if let path = try spool.deadLetter(batch, status: status) {
                diagnostics("\(rejected); written to \(path)")
                return
            }
            diagnostics("\(rejected); lost: without 'spool:' there is no dead-letter file")
        } catch {
            spool.remove(batch)
            diagnostics("\(rejected); lost: \(error)")
        }
        state.withLock { $0.lost += batch.count }
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
