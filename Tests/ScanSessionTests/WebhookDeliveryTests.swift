import Foundation
import ScanCore
import Testing

@testable import ScanSession

/// The webhook delivery state machine, transition by transition.
@Suite struct WebhookDeliveryTests {
    let policy = WebhookDelivery.Policy(attempts: 3, backoffMs: 100, maxBackoffMs: 250)
    let t0 = Date(timeIntervalSince1970: 1000)

    /// A redirect is not followed: it is a failure that can heal, saying so.
    @Test func redirectsAreFailuresThatSayTheyAreNotFollowed() {
        #expect(
            WebhookDelivery.Outcome.status(307)
                == .failed("HTTP 307 (a redirect: not followed; point 'url' at its target)"))
    }

    @Test func policyTakesItsBackoffAndAtLeastOneAttempt() {
        #expect(policy.backoff == ExponentialBackoff(initialMs: 100, maxMs: 250))
        #expect(WebhookDelivery.Policy(attempts: 0, backoffMs: -5, maxBackoffMs: 10).attempts == 1)
    }

    @Test func readyStartsTheFirstAttempt() {
        var d = WebhookDelivery(policy: policy)
        #expect(d.state == .ready)
        #expect(d.start() == .send(attempt: 1))
        #expect(d.state == .inFlight(attempt: 1))
    }

    @Test func acceptedIsDeliveredAndReadyForTheNextBatch() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        #expect(d.completed(.accepted(status: 204), now: t0) == .markDelivered(resumedAfter: nil))
        #expect(d.state == .ready)
        #expect(d.start() == .send(attempt: 1))
    }

    @Test func statusClassification() {
        #expect(WebhookDelivery.Outcome.status(200) == .accepted(status: 200))
        for rejected in [400, 413, 422] {
            #expect(WebhookDelivery.Outcome.status(rejected) == .rejected(status: rejected))
        }
        for heals in [401, 403, 404, 408, 409, 425, 429, 500, 502, 503, 504, 405] {
            #expect(WebhookDelivery.Outcome.status(heals) == .failed("HTTP \(heals)"))
        }
    }

    @Test func aRejectedPayloadGoesToTheDeadLetterFileWithoutRetry() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        #expect(d.completed(.status(422), now: t0) == .deadLetter(status: 422, resumedAfter: nil))
        #expect(d.state == .ready)
    }

    @Test func failuresThatCanHealAreRetriedWithBackoffForAsLongAsTheSessionRuns() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        // The first failure stalls delivery (announced once).
        let until = t0.addingTimeInterval(0.1)
        #expect(d.completed(.status(401), now: t0) == .wait(until: until, stalledBy: "HTTP 401"))
        #expect(d.state == .waiting(attempt: 1, until: until))
        #expect(d.stalledBy == "HTTP 401")
        // Woken early: keep waiting.
        #expect(d.retryTimeReached(now: t0.addingTimeInterval(0.05)) == .wait(until: until, stalledBy: nil))
        var now = until
        // Far more failures than `attempts`: still retried, not announced again, back-off capped.
        for attempt in 2...20 {
            #expect(d.retryTimeReached(now: now) == .send(attempt: attempt))
            let backoff = Double(policy.backoff.delayMs(afterFailures: attempt)) / 1000
            #expect(
                d.completed(.failed("HTTP 503"), now: now)
                    == .wait(until: now.addingTimeInterval(backoff), stalledBy: nil))
            now = now.addingTimeInterval(backoff)
        }
        #expect(d.retryTimeReached(now: now) == .send(attempt: 21))
        // The first success ends the stall, naming the last failure.
        #expect(d.completed(.accepted(status: 200), now: now) == .markDelivered(resumedAfter: "HTTP 503"))
        #expect(d.stalledBy == nil)
        _ = d.start()
        #expect(d.completed(.accepted(status: 200), now: now) == .markDelivered(resumedAfter: nil))
    }

    @Test func aRejectionAlsoEndsAStall() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        _ = d.completed(.failed("connection refused"), now: t0)
        _ = d.retryTimeReached(now: t0.addingTimeInterval(1))
        #expect(d.completed(.status(400), now: t0) == .deadLetter(status: 400, resumedAfter: "connection refused"))
    }

    /// A delivery that was failing when the session ends makes its retry at once, not after its
    /// back-off, and the first failure then keeps the events spooled: a stop takes one request's time.
    @Test func whenFinishingAStalledDeliveryMakesOneLastAttemptAtOnce() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        _ = d.completed(.failed("HTTP 500"), now: t0)  // while running: waits until t0 + 0.1 s
        _ = d.retryTimeReached(now: t0.addingTimeInterval(1))
        #expect(d.completed(.failed("HTTP 500"), now: t0) == .wait(until: t0.addingTimeInterval(0.2), stalledBy: nil))
        d.finish()
        #expect(d.finishingAttempts == 1)
        #expect(d.retryTimeReached(now: t0) == .send(attempt: 3))
        #expect(d.completed(.failed("timeout"), now: t0) == .keepSpooled(reason: "timeout"))
        #expect(d.state == .stopped)
        #expect(d.failuresWhileFinishing == 1)
    }

    /// A delivery that starts failing after the session began to end gets `attempts` failures, with the
    /// back-off from its first step, before the events stay spooled.
    @Test func whenFinishingAttemptsFailuresEndDeliveryAndKeepTheEventsSpooled() {
        var d = WebhookDelivery(policy: policy)
        d.finish()
        #expect(d.finishingAttempts == 3)
        var now = t0
        #expect(d.start() == .send(attempt: 1))
        let first = d.completed(.failed("HTTP 500"), now: now)
        #expect(first == .wait(until: now.addingTimeInterval(0.1), stalledBy: "HTTP 500"))
        now = now.addingTimeInterval(1)
        #expect(d.retryTimeReached(now: now) == .send(attempt: 2))
        #expect(d.completed(.failed("HTTP 500"), now: now) == .wait(until: now.addingTimeInterval(0.2), stalledBy: nil))
        now = now.addingTimeInterval(1)
        #expect(d.retryTimeReached(now: now) == .send(attempt: 3))
        #expect(d.completed(.failed("timeout"), now: now) == .keepSpooled(reason: "timeout"))
        #expect(d.state == .stopped)
        #expect(d.failuresWhileFinishing == 3)
    }

    @Test func finishingWhileDeliveringGoesOnWhileTheReceiverAccepts() {
        var d = WebhookDelivery(policy: WebhookDelivery.Policy(attempts: 1, backoffMs: 10, maxBackoffMs: 10))
        d.finish()
        for _ in 0..<5 {
            _ = d.start()
            #expect(d.completed(.accepted(status: 200), now: t0) == .markDelivered(resumedAfter: nil))
        }
        _ = d.start()
        #expect(d.completed(.failed("timeout"), now: t0) == .keepSpooled(reason: "timeout"))
    }

    @Test func stoppingWhileWaitingSpools() {
        var d = WebhookDelivery(policy: policy)
        _ = d.start()
        _ = d.completed(.failed("HTTP 502"), now: t0)
        #expect(d.stop() == .keepSpooled(reason: "stopping after: HTTP 502"))
        #expect(d.state == .stopped)
        var fresh = WebhookDelivery(policy: policy)
        #expect(fresh.stop() == .keepSpooled(reason: "stopping"))
    }
}
