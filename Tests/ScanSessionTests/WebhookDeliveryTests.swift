import Foundation
import Testing

@testable import ScanSession

/// The webhook delivery state machine, transition by transition.
@Suite struct WebhookDeliveryTests {
    let policy = WebhookDelivery.Policy(attempts: 3, backoffMs: 100, maxBackoffMs: 250)
    let t0 = Date(timeIntervalSince1970: 1000)

    @Test func backoffDoublesUpToTheCap() {
        #expect((1...4).map { policy.backoff(after: $0) } == [100, 200, 250, 250])
        #expect(WebhookDelivery.Policy(attempts: 0, backoffMs: -5, maxBackoffMs: 10).attempts == 1)
    }

    @Test func pendingStartsTheFirstAttempt() {
        var d = WebhookDelivery(policy: policy)
        #expect(d.state == .pending)
        #expect(d.start() == .send(attempt: 1))
        #expect(d.state == .inFlight(attempt: 1))
    }

    @Test func acceptedIsDelivered() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        #expect(d.completed(.accepted(status: 204), now: t0) == .markDelivered)
        #expect(d.state == .delivered)
    }

    @Test func clientErrorIsRejectedWithoutRetry() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        #expect(d.completed(.status(404), now: t0) == .dropRejected(status: 404))
        #expect(d.state == .rejected(status: 404))
    }

    @Test func statusClassification() {
        #expect(WebhookDelivery.Outcome.status(200) == .accepted(status: 200))
        #expect(WebhookDelivery.Outcome.status(400) == .rejected(status: 400))
        #expect(WebhookDelivery.Outcome.status(429) == .failed("HTTP 429"))
        #expect(WebhookDelivery.Outcome.status(408) == .failed("HTTP 408"))
        #expect(WebhookDelivery.Outcome.status(503) == .failed("HTTP 503"))
        #expect(WebhookDelivery.Outcome.status(302) == .failed("HTTP 302"))
    }

    @Test func failureWaitsWithBackoffThenRetries() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        let until = t0.addingTimeInterval(0.1)
        #expect(d.completed(.failed("HTTP 500"), now: t0) == .wait(until: until))
        #expect(d.state == .waiting(attempt: 1, until: until))
        #expect(d.lastFailure == "HTTP 500")
        // Woken early: keep waiting.
        #expect(d.retryTimeReached(now: t0.addingTimeInterval(0.05)) == .wait(until: until))
        #expect(d.retryTimeReached(now: until) == .send(attempt: 2))
        #expect(d.state == .inFlight(attempt: 2))
        let second = t0.addingTimeInterval(1)
        #expect(d.completed(.failed("connection refused"), now: second) == .wait(until: second.addingTimeInterval(0.2)))
        #expect(d.retryTimeReached(now: second.addingTimeInterval(0.2)) == .send(attempt: 3))
        #expect(d.completed(.accepted(status: 200), now: second) == .markDelivered)
    }

    @Test func lastAttemptFailingKeepsTheEventsSpooled() {
        var d = WebhookDelivery(policy: WebhookDelivery.Policy(attempts: 1, backoffMs: 10, maxBackoffMs: 10))
        _ = d.start()
        #expect(d.completed(.failed("timeout"), now: t0) == .keepSpooled(reason: "timeout"))
        #expect(d.state == .spooled)
    }

    @Test func stoppingWhileWaitingSpools() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        _ = d.completed(.failed("HTTP 502"), now: t0)
        #expect(d.stop() == .keepSpooled(reason: "stopping after: HTTP 502"))
        #expect(d.state == .spooled)
        var fresh = WebhookDelivery(policy: policy)
        #expect(fresh.stop() == .keepSpooled(reason: "stopping"))
    }
}

@Suite struct SpoolTests {
    func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
    }

    @Test func appendedPayloadsSurviveAReopenInOrderAndRemovedOnesDoNot() throws {
        let dir = directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = Spool(directory: dir)
        try a.open()
        for n in 1...12 { try a.append("{\"n\":\(n)}", id: "id-\(n)") }
        a.remove(a.oldest(3))
        #expect(a.count == 9)
        // A crash mid-write leaves a temporary file: it is not an event.
        try Data("{".utf8).write(to: URL(fileURLWithPath: dir + "/.tmp-0000000000000099-x.json"))
        let b = Spool(directory: dir)
        try b.open()
        #expect(b.oldest(100).map(\.body) == (4...12).map { "{\"n\":\($0)}" })
        try b.append("{\"n\":13}", id: "id-13")
        let c = Spool(directory: dir)
        try c.open()
        #expect(c.oldest(100).last?.body == "{\"n\":13}")
        #expect(c.oldest(100).map(\.sequence) == Array(4...13))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: dir)).contains { $0.hasPrefix(".tmp-") })
    }

    @Test func memorySpoolKeepsOrder() throws {
        let s = Spool(directory: nil)
        try s.open()
        try s.append("a", id: "1")
        try s.append("b", id: "2")
        #expect(s.oldest(1).map(\.body) == ["a"])
        s.remove(s.oldest(1))
        #expect(s.oldest(5).map(\.body) == ["b"])
        #expect(!s.isDurable)
    }
}
