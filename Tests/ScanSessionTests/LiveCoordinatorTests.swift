import BuiltinPlugins
import Foundation
import ScanCore
import Testing

@testable import ScanSession

/// A live input through the coordinator: stream stages over consecutive frames, lost at the end, drops.
@Suite struct LiveCoordinatorTests {
    let registry = BuiltinPlugins.registry()

    /// Frames 0–3 hold the code, 4–7 are blank, 8–9 hold it again; 100 ms apart.
    func frames() -> [Frame] {
        let t0 = Date(timeIntervalSince1970: 1000)
        return (0..<10).map { n in
            TestFrames.gray(
                codeAt: (4...7).contains(n) ? nil : (60, 40), number: n, time: t0.addingTimeInterval(Double(n) / 10))
        }
    }

    @Test func confirmationTrackingAndLostOverAStream() throws {
        let out = CapturingOutput(id: "o")
        var plan = ConnectionPlan(index: 0, input: "cam", outputs: ["o"])
        plan.confirmFrames = 2
        plan.lostAfterMs = 250
        let c = Coordinator(
            session: "s", inputs: [ArrayInput(id: "cam", frames: frames(), delivery: .live(dropFrames: false))],
            outputs: [OutputPlan(output: out, events: [.confirmed, .lost])], connections: [plan], registry: registry)
        let summary = try c.run()
        #expect(summary.frames == 10)
        #expect(summary.symbols == 6)
        #expect(summary.droppedFrames == 0)
        let seen = out.events.map { "\($0.kind.rawValue) \($0.frame ?? -1) \($0.trackID ?? -1)" }
        // Track 1 is confirmed at frame 1, lost when frame 6 notices 300 ms without it; track 2 confirmed
        // at frame 9 and lost when the stream ends.
        #expect(seen == ["confirmed 1 1", "lost 6 1", "confirmed 9 2", "lost 9 2"])
    }

    @Test func aBusyConnectionDropsOlderFramesAndCountsThem() throws {
        let t0 = Date()
        let many = (0..<30).map { TestFrames.gray(number: $0, time: t0) }
        let out = CapturingOutput(id: "o")
        let c = Coordinator(
            session: "s", inputs: [ArrayInput(id: "cam", frames: many, delivery: .live(dropFrames: true))],
            outputs: [OutputPlan(output: out, events: [.detected])],
            connections: [ConnectionPlan(index: 0, input: "cam", outputs: ["o"])], registry: registry)
        let summary = try c.run()
        let decoded = out.events.count
        #expect(summary.droppedFrames > 0)
        #expect(decoded + summary.droppedFrames == 30)
        #expect(out.events.last?.frame == 29)  // the latest frame wins
    }
}
