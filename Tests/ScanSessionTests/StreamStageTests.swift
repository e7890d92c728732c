import Foundation
import ScanCore
import Testing

@testable import ScanSession

/// Confirmation, de-duplication and tracking, frame by frame.
@Suite struct StreamStageTests {
    static func code(_ value: String, format: BarcodeFormat = .ean13, x: Double = 0) -> Barcode {
        Barcode(
            format: format, rawValue: value, rawBytes: Array(value.utf8),
            cornerPoints: [Point(x, 0), Point(x + 10, 0), Point(x + 10, 5), Point(x, 5)], symbologyIdentifier: "]E0")
    }
    let a = CodeKey(code("A")), b = CodeKey(code("B"))

    @Test func confirmationNeedsConsecutiveFrames() {
        var stage = ConfirmationStage(frames: 3)
        let r1 = stage.update([a, b])
        #expect(r1 == [])
        let r2 = stage.update([a, a])
        #expect(r2 == [])  // b's streak ends; a read twice counts once
        let r3 = stage.update([a, b])
        #expect(r3 == [a])
        let r4 = stage.update([a, b])
        #expect(r4 == [])  // already past 3
        let r5 = stage.update([b])
        #expect(r5 == [b])
        let r6 = stage.update([])
        #expect(r6 == [])
        let r7 = stage.update([a])
        #expect(r7 == [])
        var one = ConfirmationStage(frames: 1)
        let r8 = one.update([a])
        #expect(r8 == [a])
        let r9 = one.update([a])
        #expect(r9 == [])
        let r10 = one.update([])
        #expect(r10 == [])
        let r11 = one.update([a])
        #expect(r11 == [a])
    }

    @Test func deduplicationWaitsForQuietTime() {
        let t0 = Date(timeIntervalSince1970: 100)
        func at(_ ms: Int) -> Date { t0.addingTimeInterval(Double(ms) / 1000) }
        var d = DeduplicationStage(quietMs: 500)
        d.seen([a], at: at(0))
        let ok1 = d.admit(a)
        #expect(ok1)
        d.seen([], at: at(100))
        d.seen([a], at: at(200))  // back after 200 ms: too soon
        let ok2 = d.admit(a)
        #expect(!ok2)
        d.seen([a], at: at(300))  // still the same appearance (the previous frame held it)
        let ok9 = d.admit(a)
        #expect(!ok9)
        d.seen([], at: at(600))
        d.seen([a], at: at(1000))  // a new appearance after 700 ms without it
        let ok3 = d.admit(a)
        #expect(ok3)
        d.seen([a], at: at(1100))
        d.seen([], at: at(1200))
        d.seen([a], at: at(1300))  // quiet time is counted from the last read, not the appearance's start
        let ok4 = d.admit(a)
        #expect(!ok4)

        var once = DeduplicationStage(quietMs: -1)
        once.seen([a], at: at(0))
        let ok5 = once.admit(a)
        #expect(ok5)
        once.seen([a], at: at(100_000), continuing: false)
        let ok6 = once.admit(a)
        #expect(!ok6)
        let ok7 = once.admit(b)
        #expect(ok7)

        var off = DeduplicationStage(quietMs: 0)
        off.seen([a], at: at(0))
        let first = off.admit(a)
        let second = off.admit(a)
        #expect(first && second)
    }

    @Test func trackerKeepsIDsAndReportsLostCodes() {
        let t0 = Date(timeIntervalSince1970: 0)
        func at(_ ms: Int) -> Date { t0.addingTimeInterval(Double(ms) / 1000) }
        var t = Tracker(lostAfterMs: 250)
        var r = t.update([Self.code("A"), Self.code("B", x: 100)], at: at(0))
        #expect(r.ids == [1, 2] && r.lost.isEmpty)
        r = t.update([Self.code("B", x: 102)], at: at(100))
        #expect(r.ids == [2] && r.lost.isEmpty)
        r = t.update([Self.code("B", x: 104)], at: at(300))  // A unseen for 300 ms
        #expect(r.ids == [2])
        #expect(r.lost.map(\.id) == [1])
        #expect(r.lost.first?.barcode.rawValue == "A")
        r = t.update([Self.code("A")], at: at(400))  // A again: a new track
        #expect(r.ids == [3])
        // Two equal labels in view: two tracks, matched by position.
        r = t.update([Self.code("A", x: 0), Self.code("A", x: 500)], at: at(450))
        #expect(r.ids == [3, 4])
        r = t.update([Self.code("A", x: 498), Self.code("A", x: 3)], at: at(500))
        #expect(r.ids == [4, 3])
        let open = t.finish()
        let again = t.finish()
        #expect(open.map(\.id).sorted() == [2, 3, 4])
        #expect(again.isEmpty)
    }
}

@Suite struct LatestFrameSlotTests {
    @Test func droppingSlotKeepsTheLatestAndCountsTheRest() {
        let slot = LatestFrameSlot(dropping: true)
        for n in 0..<5 { slot.put(SharedFrame(TestFrames.gray(width: 8, height: 8, codeAt: nil, number: n))) }
        #expect(slot.dropped == 4)
        #expect(slot.take()?.sequenceNumber == 4)
        slot.put(SharedFrame(TestFrames.gray(width: 8, height: 8, codeAt: nil, number: 5)))
        slot.close()
        #expect(slot.take()?.sequenceNumber == 5)  // a waiting frame is still handed out after close
        #expect(slot.take() == nil)
        slot.put(SharedFrame(TestFrames.gray(width: 8, height: 8, codeAt: nil, number: 6)))
        #expect(slot.take() == nil)
    }

    @Test func nonDroppingSlotMakesTheWriterWait() {
        let slot = LatestFrameSlot(dropping: false)
        let writer = Thread {
            for n in 0..<20 { slot.put(SharedFrame(TestFrames.gray(width: 8, height: 8, codeAt: nil, number: n))) }
            slot.close()
        }
        writer.start()
        var numbers: [Int] = []
        while let frame = slot.take() { numbers.append(frame.sequenceNumber) }
        #expect(numbers == Array(0..<20))
        #expect(slot.dropped == 0)
    }
}

@Suite struct RawFrameReaderTests {
    @Test func readsWholeFramesThenReportsAShortOne() throws {
        var fds: [Int32] = [0, 0]
        let made = pipe(&fds)
        #expect(made == 0)
        let bytes = [UInt8](0..<25)  // two frames of 10 bytes and 5 left over
        bytes.withUnsafeBytes { _ = write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        defer { close(fds[0]) }
        let reader = RawFrameReader(fileDescriptor: fds[0], frameByteCount: 10)
        let stop = StopSignal()
        #expect(reader.next(stop: stop) == .frame(Array(0..<10)))
        #expect(reader.next(stop: stop) == .frame(Array(10..<20)))
        #expect(reader.next(stop: stop) == .short(count: 5))
    }

    @Test func endsCleanlyAtAFrameBoundaryAndStopsWhileWaiting() {
        var fds: [Int32] = [0, 0]
        let made = pipe(&fds)
        #expect(made == 0)
        defer { close(fds[0]) }
        let reader = RawFrameReader(fileDescriptor: fds[0], frameByteCount: 4)
        let stop = StopSignal()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { stop.set() }
        let started = Date()
        #expect(reader.next(stop: stop) == .stopped)  // the writer is still open but silent
        #expect(Date().timeIntervalSince(started) < 2)
        close(fds[1])
        #expect(reader.next(stop: StopSignal()) == .end)
    }
}
