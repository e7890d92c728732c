import Synchronization

/// Sends each event to the outputs of its connection that take its kind, counts events, and enforces the
/// run limits: `--max-events` counts events that at least one output receives, `--once` stops at the first
/// `confirmed` event. The event that reaches a limit is the last one routed, and the session is asked to
/// stop.
final class EventRouter: Sendable {
    private let outputsByConnection: [Int: [OutputWorker]]
    private let limits: RunLimits
    private let onLimit: @Sendable () -> Void
    private let onPersistFailure: @Sendable (String) -> Void
    private let state = Mutex<(events: Int, confirmed: Int, closed: Bool)>((0, 0, false))

    init(
        connections: [ConnectionPlan], workers: [OutputWorker], limits: RunLimits,
        onLimit: @escaping @Sendable () -> Void, onPersistFailure: @escaping @Sendable (String) -> Void
    ) {
        var map: [Int: [OutputWorker]] = [:]
        for c in connections {
            map[c.index] = workers.filter { c.outputs.contains($0.id) }
        }
        self.outputsByConnection = map
        self.limits = limits
        self.onLimit = onLimit
        self.onPersistFailure = onPersistFailure
    }

    /// Events sent to at least one output, and confirmed events produced, so far.
    var counts: (events: Int, confirmed: Int) { state.withLock { ($0.events, $0.confirmed) } }

    /// Routes events of one connection, in order.
    func route(_ events: [Event]) {
        for event in events { route(event) }
    }

    /// Routes one event; errors go to the outputs of every listed connection that take `error`.
    func route(_ event: Event, connections: [Int]? = nil) {
        let targets: [OutputWorker]
        if let connections {
            var seen = Set<String>()
            targets = connections.flatMap { outputsByConnection[$0] ?? [] }.filter { seen.insert($0.id).inserted }
        } else {
            targets = event.connection.flatMap { outputsByConnection[$0] } ?? []
        }
        var reachedLimit = false
        if event.kind != .error {
            // The count, the limit check and the queueing happen under one lock so that no event past a
            // limit is routed, whichever thread produced it.
            let receivers = targets.filter { $0.wants(event.kind) }
            let routed: Bool = state.withLock { s in
                guard !s.closed else { return false }
                if event.kind == .confirmed { s.confirmed += 1 }
                if !receivers.isEmpty { s.events += 1 }
                if let max = limits.maxEvents, s.events >= max { s.closed = true }
                if limits.once && event.kind == .confirmed { s.closed = true }
                reachedLimit = s.closed
                // Durable outputs first: an event any output has seen is already spooled.
                for worker in receivers { if let failure = worker.persist(event) { onPersistFailure(failure) } }
                for worker in receivers { worker.send(event) }
                return true
            }
            if routed && reachedLimit { onLimit() }
            return
        }
        let receivers = targets.filter { $0.wants(event.kind) }
        for worker in receivers { if let failure = worker.persist(event) { onPersistFailure(failure) } }
        for worker in receivers { worker.send(event) }
    }
}
