import ScanCore
import Synchronization
import Testing

@testable import ScanSession

/// Text lines (escaping, value types, raw payloads), the in-order release of parallel work, plurals and
/// the progress line.
@Suite struct TextOutputTests {
    func code(_ raw: String, type: ValueType = .text, display: String? = nil) -> Barcode {
        var b = Barcode(
            format: .qrcode, rawValue: raw, rawBytes: Array(raw.utf8),
            cornerPoints: [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)], symbologyIdentifier: "]Q1")
        b.valueType = type
        b.displayValue = display ?? raw
        return b
    }

    @Test func lineBreaksAndControlCharactersAreEscapedOnOneLine() {
        #expect(TextLine.escaped("plain text") == "plain text")
        #expect(
            TextLine.escaped("BEGIN:VCARD\r\nFN:Jo\\Ann\n\tx\u{1D}y\u{7F}")
                == "BEGIN:VCARD\\r\\nFN:Jo\\\\Ann\\n\\tx\\x1Dy\\x7F")
        #expect(code("a\nb").textSummary == "qrcode: a\\nb")
        // C1 controls (a terminal acts on CSI U+009B) and the Unicode line separators.
        #expect(TextLine.escaped("a\u{85}b\u{9B}c\u{2028}d\u{2029}é") == "a\\x85b\\x9Bc\\u2028d\\u2029é")
    }

    @Test func theValueTypeShowsWhenItIsMoreThanText() {
        #expect(code("WIFI:S:MyNet;;", type: .wifi, display: "MyNet").textSummary == "qrcode (wifi): MyNet")
        #expect(code("hello").textSummary == "qrcode: hello")
        #expect(code("x", type: .unknown).textSummary == "qrcode: x")
    }

    @Test func rawOutputIsThePayloadAsItIs() {
        #expect(code("WIFI:S:My\nNet;;", type: .wifi, display: "MyNet").rawOutput == Array("WIFI:S:My\nNet;;".utf8))
        var binary = code("")
        binary.rawValue = nil
        binary.rawBytes = [0, 255, 10]
        #expect(binary.rawOutput == [0, 255, 10])
    }

    /// A payload that is no text shows its bytes on its line (it showed nothing after `qrcode: `).
    @Test func aPayloadThatIsNoTextShowsItsBytes() {
        var binary = code("")
        binary.rawValue = nil
        binary.rawBytes = [0x80, 0x41, 0x5C, 0x0A, 0xFF]
        binary.displayValue = ""
        binary.valueType = .unknown
        #expect(binary.textSummary == "qrcode: \\x80A\\\\\\n\\xFF")
    }

    @Test func rawStdoutWritesConfirmedPayloadsOnly() throws {
        let lines = Mutex<[[UInt8]]>([])
        let out = StdoutOutput(id: "o", format: .raw, writeLine: { line in lines.withLock { $0.append(line) } })
        for kind in [EventKind.detected, .confirmed, .lost] {
            try out.write(
                Event(
                    kind: kind, session: "s", input: "in", frame: 0, timestamp: .distantPast, source: "a.png",
                    barcode: code("item-01")))
        }
        try out.write(
            Event(
                kind: .error, session: "s", input: "in", frame: 1, timestamp: .distantPast, source: "b.png",
                message: "bad"))
        #expect(lines.withLock { $0 } == [Array("item-01".utf8)])
    }

    /// An output that receives both detected and confirmed events tells their lines apart; one that
    /// receives only one of them writes plain lines.
    @Test func confirmedLinesAreMarkedWhenDetectedOnesAreWrittenToo() throws {
        func lines(events: Set<EventKind>) throws -> [String] {
            let written = Mutex<[String]>([])
            let out = StdoutOutput(
                id: "o", format: .text, events: events,
                writeLine: { line in written.withLock { $0.append(String(decoding: line, as: UTF8.self)) } })
            for kind in [EventKind.detected, .confirmed, .lost] where events.contains(kind) {
                try out.write(
                    Event(
                        kind: kind, session: "s", input: "in", frame: 0, timestamp: .distantPast, source: "a.png",
                        barcode: code("item-01")))
            }
            return written.withLock { $0 }
        }
        #expect(
            try lines(events: [.detected, .confirmed, .lost]) == [
                "a.png: qrcode: item-01", "confirmed: a.png: qrcode: item-01", "lost: a.png: qrcode: item-01",
            ])
        #expect(try lines(events: [.confirmed]) == ["a.png: qrcode: item-01"])
    }

    @Test func workHandedInOutOfOrderRunsInOrder() {
        let order = Mutex<[Int]>([])
        let release = SequencedRelease()
        for n in [2, 0, 3, 1, 6, 5] { release.release(n) { order.withLock { $0.append(n) } } }
        #expect(order.withLock { $0 } == [0, 1, 2, 3])
        release.releaseAll()  // 4 never came
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 5, 6])
        release.release(4) { order.withLock { $0.append(4) } }  // late: at once
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 5, 6, 4])
    }

    @Test func countsTakeTheSingularForOne() {
        #expect(1.counted("error") == "1 error")
        #expect(0.counted("error") == "0 errors")
        var summary = RunSummary()
        summary.frames = 1
        summary.errors = 1
        #expect(summary.line == "1 frame, 0 symbols, 0 dropped frames, 1 error, 0 undelivered events (0.0 s)")
    }

    @Test func progressLineHasOneBarPerInput() {
        #expect(
            ProgressDisplay.line([(nil, 12, 40)], width: 80) == "[#########---------------------] 12/40 files")
        #expect(
            ProgressDisplay.line([("scans", 3, 10), ("inbox", 20, 40)], width: 80)
                == "scans [###-------] 3/10  inbox [#####-----] 20/40")
        #expect(ProgressDisplay.line([("scans", 3, 10), ("inbox", 20, 40)], width: 20) == "scans [###-------] ")
    }

    @Test func noBarIsDrawnWithoutATerminal() {
        #expect(ProgressDisplay(terminal: false).start(total: 100) == nil)
        #expect(ProgressDisplay(terminal: true).start(total: 1) == nil)  // a single item needs none
    }
}
