import Foundation
import ScanHTTP

/// The preview's events as Server-Sent Events: the last `history` events, and one bounded queue per
/// `/events` client.
///
/// ``publish(_:)`` never waits: a client whose queue is full loses its oldest events (and is told how
/// many in a comment line). Each message is `id: EVENT_ID`, `event: KIND` and `data: JSON` (the event as
/// output lines carry it, see ``Event/jsonObject``). A new client first gets the history, or with a
/// `Last-Event-ID` header (a reconnecting `EventSource`) only what came after that event.
final class PreviewEventHub: @unchecked Sendable {
    // All state is guarded by `condition`.
    private let condition = NSCondition()
    private var history: [Message] = []
    private var clients: [ObjectIdentifier: SSEStream] = [:]
    private var closed = false
    let historyLimit: Int
    /// Events queued per client before the oldest are dropped.
    let clientQueueLimit: Int

    struct Message: Sendable {
        let id: String
        let kind: EventKind
        let json: String

        /// The message as an SSE block.
        var text: String { "id: \(id)\nevent: \(kind.rawValue)\ndata: \(json)\n\n" }
    }

    init(history: Int, clientQueueLimit: Int = 512) {
        self.historyLimit = history
        self.clientQueueLimit = clientQueueLimit
    }

    /// The last events, oldest first.
    var recent: [Message] {
        condition.lock()
        defer { condition.unlock() }
        return history
    }

    /// Clients connected to `/events`.
    var clientCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return clients.count
    }

    /// Adds `event` to the history and to every client's queue.
    func publish(_ event: Event) {
        let message = Message(id: event.id, kind: event.kind, json: event.jsonLine)
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        if historyLimit > 0 {
            history.append(message)
            if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        }
        for client in clients.values { client.enqueue(message, limit: clientQueueLimit) }
    }

    /// A new client's stream, starting with the history after `lastEventID` (all of it when nil or unknown).
    func subscribe(lastEventID: String?) -> SSEStream {
        condition.lock()
        defer { condition.unlock() }
        var backlog = history
        if let lastEventID, let i = history.firstIndex(where: { $0.id == lastEventID }) {
            backlog = Array(history[(i + 1)...])
        }
        let stream = SSEStream(hub: self, backlog: backlog)
        if closed { stream.close() } else { clients[ObjectIdentifier(stream)] = stream }
        return stream
    }

    func remove(_ stream: SSEStream) {
        condition.lock()
        clients.removeValue(forKey: ObjectIdentifier(stream))
        condition.unlock()
    }

    /// The session ends: every client's stream ends after what it has queued.
    func close() {
        condition.lock()
        closed = true
        let all = Array(clients.values)
        clients = [:]
        condition.unlock()
        for client in all { client.close() }
    }
}

/// One `/events` client: its queue, drained by its connection's thread.
final class SSEStream: HTTPStreamBody, @unchecked Sendable {
    // All state is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [PreviewEventHub.Message]
    private var dropped = 0
    private var closed = false
    private var started = false
    private weak var hub: PreviewEventHub?
    /// A comment line is sent after this long without events, so a gone client is noticed.
    static let keepAliveSeconds = 15.0

    init(hub: PreviewEventHub, backlog: [PreviewEventHub.Message]) {
        self.hub = hub
        self.queue = backlog
    }

    func enqueue(_ message: PreviewEventHub.Message, limit: Int) {
        condition.lock()
        queue.append(message)
        if queue.count > limit {
            dropped += queue.count - limit
            queue.removeFirst(queue.count - limit)
        }
        condition.signal()
        condition.unlock()
    }

    func next() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        if !started {
            started = true
            // Browsers reconnect after this many milliseconds when the connection drops.
            return Array("retry: 2000\n\n".utf8)
        }
        let deadline = Date().addingTimeInterval(Self.keepAliveSeconds)
        while queue.isEmpty && !closed {
            if !condition.wait(until: deadline) { return Array(": keep-alive\n\n".utf8) }
        }
        guard !queue.isEmpty else { return nil }
        var text = ""
        if dropped > 0 {
            text += ": \(dropped) events dropped (this client read too slowly)\n\n"
            dropped = 0
        }
        for message in queue { text += message.text }
        queue = []
        return Array(text.utf8)
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func finished() { hub?.remove(self) }
}
