import ScanCore
import Testing

/// The back-off the camera input and the webhook delivery wait by.
@Suite struct ExponentialBackoffTests {
    @Test func doublesUpToTheCap() {
        let camera = ExponentialBackoff(initialMs: 100, maxMs: 1000)
        #expect((1...6).map { camera.delayMs(afterFailures: $0) } == [100, 200, 400, 800, 1000, 1000])
        let webhook = ExponentialBackoff(initialMs: 100, maxMs: 250)
        #expect((1...4).map { webhook.delayMs(afterFailures: $0) } == [100, 200, 250, 250])
        #expect(webhook.delayMs(afterFailures: 10_000) == 250)
        #expect(ExponentialBackoff(initialMs: 3, maxMs: Int.max).delayMs(afterFailures: 70) == Int.max)
    }

    @Test func edgeValues() {
        let b = ExponentialBackoff(initialMs: 250, maxMs: 8000)
        #expect(b.delayMs(afterFailures: 0) == 250)
        #expect(b.delayMs(afterFailures: -3) == 250)
        #expect(ExponentialBackoff(initialMs: 500, maxMs: 300).delayMs(afterFailures: 1) == 300)
        #expect(ExponentialBackoff(initialMs: 0, maxMs: 300).delayMs(afterFailures: 5) == 0)
        let negative = ExponentialBackoff(initialMs: -5, maxMs: -1)
        #expect(negative == ExponentialBackoff(initialMs: 0, maxMs: 0))
        #expect(negative.delayMs(afterFailures: 4) == 0)
    }
}
