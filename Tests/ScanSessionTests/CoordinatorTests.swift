import BuiltinPlugins
import Foundation
import ScanCore
import Synchronization
import Testing

@testable import ScanSession

/// The coordinator with in-memory inputs and capturing outputs: routing, filters, limits, ROI, errors.
@Suite struct CoordinatorTests {
    let registry = BuiltinPlugins.registry()

    func run(
        inputs: [any Input], outputs: [OutputPlan], connections: [ConnectionPlan], limits: RunLimits = RunLimits()
    ) throws -> RunSummary {
        let c = Coordinator(
            session: "t", inputs: inputs, outputs: outputs, connections: connections, registry: registry,
            limits: limits)
        return try c.run()
    }

    @Test func batchFramesGiveDetectedAndConfirmedEventsPerCode() throws {
        let frames = (0..<4).map { TestFrames.gray(codeAt: $0 == 2 ? nil : (60, 40), number: $0) }
        let out = CapturingOutput(id: "o")
        let summary = try run(
            inputs: [ArrayInput(id: "in", frames: frames)], outputs: [OutputPlan(output: out)],
            connections: [ConnectionPlan(index: 0, input: "in", outputs: ["o"])])
        #expect(summary.frames == 4)
        #expect(summary.symbols == 3)
        #expect(summary.events == 6)
        let events = out.events
        #expect(events.filter { $0.kind == .detected }.map(\.frame).sorted { ($0 ?? -1) < ($1 ?? -1) } == [0, 1, 3])
        #expect(events.filter { $0.kind == .confirmed }.count == 3)
        #expect(events.allSatisfy { $0.barcode?.rawValue == "4006381333931" && $0.trackID == nil })
        #expect(events.allSatisfy { $0.session == "t" && $0.input == "in" })
        #expect(Set(events.map(\.id)).count == events.count)
        #expect(out.wasFinished)
    }

    @Test func eventFiltersAndConnectionsRouteToTheRightOutputs() throws {
        let a = CapturingOutput(id: "a")
        let b = CapturingOutput(id: "b")
        let c = CapturingOutput(id: "c")
        let frames = [TestFrames.gray(number: 0)]
        var eanOnly = ConnectionPlan(index: 0, input: "in", outputs: ["a", "b"])
        eanOnly.options.formats = [.ean13]
        var ean8Only = ConnectionPlan(index: 1, input: "in", outputs: ["c"])
        ean8Only.options.formats = [.ean8]
        _ = try run(
            inputs: [ArrayInput(id: "in", frames: frames)],
            outputs: [OutputPlan(output: a), OutputPlan(output: b, events: [.confirmed]), OutputPlan(output: c)],
            connections: [eanOnly, ean8Only])
        #expect(a.events.map(\.kind).sorted() == [.detected, .confirmed])
        #expect(b.events.map(\.kind) == [.confirmed])
        #expect(c.events.isEmpty)
    }

    @Test func regionOfInterestIsCroppedAndCornersMapBackToTheFrame() throws {
        // The code sits at x 300…752, y 200…432 of a 1000 × 600 frame.
        let frame = TestFrames.gray(width: 1000, height: 600, codeAt: (300, 200))
        let full = CapturingOutput(id: "full")
        let roi = CapturingOutput(id: "roi")
        let miss = CapturingOutput(id: "miss")
        var inside = ConnectionPlan(index: 1, input: "in", outputs: ["roi"])
        inside.regionOfInterest = RegionOfInterest(x: 0.25, y: 0.3, width: 0.6, height: 0.5)
        var outside = ConnectionPlan(index: 2, input: "in", outputs: ["miss"])
        outside.regionOfInterest = RegionOfInterest(x: 0, y: 0, width: 0.25, height: 1)
        _ = try run(
            inputs: [ArrayInput(id: "in", frames: [frame])],
            outputs: [
                OutputPlan(output: full, events: [.detected]), OutputPlan(output: roi, events: [.detected]),
                OutputPlan(output: miss),
            ],
            connections: [ConnectionPlan(index: 0, input: "in", outputs: ["full"]), inside, outside])
        let a = try #require(full.events.first?.barcode)
        let b = try #require(roi.events.first?.barcode)
        #expect(a.cornerPoints.count == 4)
        for (p, q) in zip(a.cornerPoints, b.cornerPoints) {
            #expect(abs(p.x - q.x) <= 2 && abs(p.y - q.y) <= 3, "\(p) vs \(q)")
        }
        #expect(b.boundingBox.x > 300 && b.boundingBox.x < 400)
        #expect(miss.events.isEmpty)
    }

    @Test func failuresBecomeErrorEventsForOutputsThatAskAndAreCounted() throws {
        let items: [ArrayInput.Item] = [
            .failure(frame: 3, source: "bad.jpg", message: "bad.jpg: not an image"), .frame(TestFrames.gray()),
        ]
        let errors = CapturingOutput(id: "e")
        let normal = CapturingOutput(id: "n")
        let lines = LockedLines()
        let c = Coordinator(
            session: "t", inputs: [ArrayInput(id: "in", items: items)],
            outputs: [OutputPlan(output: errors, events: [.error]), OutputPlan(output: normal)],
            connections: [ConnectionPlan(index: 0, input: "in", outputs: ["e", "n"])], registry: registry,
            diagnostics: { lines.append($0) })
        let summary = try c.run()
        #expect(summary.errors == 1)
        #expect(errors.events.count == 1)
        #expect(errors.events.first?.message == "bad.jpg: not an image")
        #expect(errors.events.first?.frame == 3)
        #expect(normal.events.count == 2)
        #expect(lines.all == ["input 'in': bad.jpg: not an image"])
    }

    @Test func maxEventsAndOnceStopTheSessionWithNothingPastTheLimit() throws {
        let frames = (0..<12).map { TestFrames.gray(number: $0) }
        let out = CapturingOutput(id: "o")
        var limits = RunLimits()
        limits.maxEvents = 3
        let summary = try run(
            inputs: [ArrayInput(id: "in", frames: frames)], outputs: [OutputPlan(output: out)],
            connections: [ConnectionPlan(index: 0, input: "in", outputs: ["o"])], limits: limits)
        #expect(out.events.count == 3)
        #expect(summary.events == 3)
        #expect(summary.frames < 12)

        let once = CapturingOutput(id: "o")
        var onceLimits = RunLimits()
        onceLimits.once = true
        _ = try run(
            inputs: [ArrayInput(id: "in", frames: frames)], outputs: [OutputPlan(output: once)],
            connections: [ConnectionPlan(index: 0, input: "in", outputs: ["o"])], limits: onceLimits)
        #expect(once.events.map(\.kind) == [.detected, .confirmed])
    }

    @Test func anOutputThatCannotOpenStopsTheRunBeforeInputsStart() {
        let out = CapturingOutput(id: "o", failOpen: true)
        #expect(throws: Coordinator.OutputFailure.self) {
            try run(
                inputs: [ArrayInput(id: "in", frames: [TestFrames.gray()])], outputs: [OutputPlan(output: out)],
                connections: [ConnectionPlan(index: 0, input: "in", outputs: ["o"])])
        }
    }

    @Test func deduplicationOncePerSessionAcrossFiles() throws {
        let frames = (0..<3).map { TestFrames.gray(number: $0) }
        let out = CapturingOutput(id: "o")
        var plan = ConnectionPlan(index: 0, input: "in", outputs: ["o"])
        plan.deduplicateMs = -1
        _ = try run(
            inputs: [ArrayInput(id: "in", frames: frames)], outputs: [OutputPlan(output: out, events: [.confirmed])],
            connections: [plan])
        #expect(out.events.count == 1)
    }
}

/// Lines collected from several threads.
final class LockedLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
