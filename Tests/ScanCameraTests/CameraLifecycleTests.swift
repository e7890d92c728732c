import ScanCore
import Testing

@testable import ScanCamera

/// The camera lifecycle, transition by transition.
@Suite struct CameraLifecycleTests {
    func streaming(at now: Int = 0, stall: Int = 1000) -> CameraLifecycle {
        var m = CameraLifecycle(stallTimeoutMs: stall, initialBackoffMs: 100, maxBackoffMs: 1000)
        _ = m.start(nowMs: now)
        _ = m.opened(nowMs: now)
        return m
    }

    @Test func startAsksToOpenOnce() {
        var m = CameraLifecycle(stallTimeoutMs: 1000)
        #expect(m.state == .idle)
        #expect(m.start(nowMs: 0) == .open)
        #expect(m.state == .opening)
        #expect(m.start(nowMs: 1) == .none)
    }

    @Test func openedStreams() {
        let m = streaming(at: 50)
        #expect(m.state == .streaming(lastFrameMs: 50))
    }

    @Test func failedOpenWaitsWithDoublingBackoffThenReopens() {
        var m = CameraLifecycle(stallTimeoutMs: 1000, initialBackoffMs: 100, maxBackoffMs: 1000)
        _ = m.start(nowMs: 0)
        #expect(
            m.openFailed("cannot open /dev/video0: No such device", nowMs: 0)
                == .report(
                    message: "cannot open /dev/video0: No such device; retrying in 100 ms (attempt 1)", retryInMs: 100))
        #expect(m.state == .waiting(retryAtMs: 100))
        #expect(m.tick(nowMs: 99) == .none)
        #expect(m.tick(nowMs: 100) == .open)
        #expect(m.state == .opening)
        #expect(
            m.openFailed("gone", nowMs: 100) == .report(message: "gone; retrying in 200 ms (attempt 2)", retryInMs: 200)
        )
        #expect(m.state == .waiting(retryAtMs: 300))
    }

    @Test func backoffIsMadeFromItsParameters() {
        let m = CameraLifecycle(stallTimeoutMs: 1000, initialBackoffMs: 100, maxBackoffMs: 1000)
        #expect(m.backoff == ExponentialBackoff(initialMs: 100, maxMs: 1000))
        #expect(CameraLifecycle(stallTimeoutMs: 1000).backoff == ExponentialBackoff(initialMs: 250, maxMs: 8000))
    }

    @Test func permanentOpenFailureGivesUp() {
        var m = CameraLifecycle(stallTimeoutMs: 1000)
        _ = m.start(nowMs: 0)
        #expect(
            m.openFailed("not a capture device", permanent: true, nowMs: 0) == .giveUp(message: "not a capture device"))
        #expect(m.state == .stopped)
        #expect(m.tick(nowMs: 100_000) == .none)
    }

    @Test func framesKeepTheStallClockAtBay() {
        var m = streaming(at: 0, stall: 1000)
        #expect(m.tick(nowMs: 900) == .none)
        #expect(m.frameArrived(nowMs: 900) == .none)
        #expect(m.tick(nowMs: 1800) == .none)
        #expect(m.state == .streaming(lastFrameMs: 900))
    }

    @Test func stallClosesAndReopensAfterBackoff() {
        var m = streaming(at: 0, stall: 1000)
        #expect(
            m.tick(nowMs: 1000)
                == .closeAndReport(
                    message: "no frame for 1000 ms (stall_timeout_ms: 1000); reopening in 100 ms (attempt 1)",
                    retryInMs: 100))
        #expect(m.state == .waiting(retryAtMs: 1100))
        #expect(m.tick(nowMs: 1100) == .open)
    }

    @Test func deviceLossClosesAndReopens() {
        var m = streaming(at: 0)
        #expect(
            m.deviceFailed("No such device", nowMs: 10)
                == .closeAndReport(message: "No such device; reopening in 100 ms (attempt 1)", retryInMs: 100))
        #expect(m.deviceFailed("again", nowMs: 11) == .none)  // not streaming any more
        #expect(m.failures == 1)
    }

    /// A stream that failed (EIO from a queue in its error state) and was reopened, but delivers nothing: the
    /// stall clock runs from the reopen, and the stall is the second failure in a row (doubled back-off).
    @Test func aReopenWithoutFramesAfterAFailedStreamIsAStall() {
        var m = streaming(at: 0, stall: 1000)
        #expect(
            m.deviceFailed("/dev/video0: VIDIOC_QBUF failed: Input/output error", nowMs: 500)
                == .closeAndReport(
                    message: "/dev/video0: VIDIOC_QBUF failed: Input/output error; reopening in 100 ms (attempt 1)",
                    retryInMs: 100))
        #expect(m.tick(nowMs: 599) == .none)
        #expect(m.tick(nowMs: 600) == .open)
        #expect(m.opened(nowMs: 650) == .none)
        #expect(m.tick(nowMs: 1649) == .none)
        #expect(
            m.tick(nowMs: 1650)
                == .closeAndReport(
                    message: "no frame for 1000 ms (stall_timeout_ms: 1000); reopening in 200 ms (attempt 2)",
                    retryInMs: 200))
        #expect(m.state == .waiting(retryAtMs: 1850))
    }

    @Test func aFrameAfterReopeningResetsTheBackoff() {
        var m = streaming(at: 0)
        _ = m.deviceFailed("gone", nowMs: 0)
        _ = m.tick(nowMs: 100)
        _ = m.openFailed("gone", nowMs: 100)
        #expect(m.failures == 2)
        _ = m.tick(nowMs: 300)
        _ = m.opened(nowMs: 300)
        #expect(m.failures == 2)
        _ = m.frameArrived(nowMs: 310)
        #expect(m.failures == 0)
        #expect(
            m.deviceFailed("gone", nowMs: 400)
                == .closeAndReport(message: "gone; reopening in 100 ms (attempt 1)", retryInMs: 100))
    }

    @Test func stopClosesOnlyWhatIsOpen() {
        var open = streaming()
        #expect(open.stop() == .close)
        #expect(open.state == .stopped)
        var waiting = streaming()
        _ = waiting.deviceFailed("gone", nowMs: 0)
        #expect(waiting.stop() == .none)
        var idle = CameraLifecycle(stallTimeoutMs: 1000)
        #expect(idle.stop() == .none)
        #expect(idle.start(nowMs: 0) == .none)
    }

    @Test func eventsOutOfPlaceAreIgnored() {
        var m = CameraLifecycle(stallTimeoutMs: 1000)
        #expect(m.opened(nowMs: 0) == .none)
        #expect(m.openFailed("x", nowMs: 0) == .none)
        #expect(m.frameArrived(nowMs: 0) == .none)
        #expect(m.state == .idle)
    }
}
