import Foundation
import ScanCore
import Testing

@testable import ScanSession

@Suite struct EventJSONTests {
    let code = Barcode(
        format: .ean13, rawValue: "4006381333931", rawBytes: Array("4006381333931".utf8),
        cornerPoints: [Point(1, 2), Point(10, 2), Point(10, 20), Point(1, 20)], symbologyIdentifier: "]E0")

    @Test func jsonCarriesBarcodeAndEventFields() {
        let e = Event(
            id: "id-1", kind: .confirmed, session: "s", input: "pipe", connection: 0, frame: 7,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000.25), source: "stdin", barcode: code, trackID: 3)
        let o = e.jsonObject
        #expect(o["event_id"] == .string("id-1"))
        #expect(o["event"] == .string("confirmed"))
        #expect(o["frame"] == .number(7))
        #expect(o["track_id"] == .number(3))
        #expect(o["timestamp"] == .string("2023-11-14T22:13:20.250Z"))
        #expect(o["raw_value"] == .string("4006381333931"))
        #expect(o["symbology_identifier"] == .string("]E0"))
        #expect(o["source"] == .string("stdin"))
        // A stream input's code names its input and frame.
        #expect(e.textLine == "pipe frame 7: ean13: 4006381333931")
    }

    @Test func errorAndLostLinesAndCSVQuoting() {
        let err = Event(
            id: "x", kind: .error, session: "s", input: "in", frame: nil, timestamp: Date(timeIntervalSince1970: 0),
            source: "a,b.png", message: "\"bad\"")
        #expect(err.jsonObject["frame"] == .null)
        #expect(err.jsonObject["format"] == nil)
        #expect(err.textLine == "error: a,b.png: \"bad\"")
        #expect(err.csvRow == "x,1970-01-01T00:00:00.000Z,s,in,,\"a,b.png\",error,,,,,,,\"\"\"bad\"\"\"")
        // A message that already names its source is not given it twice.
        var named = err
        named.message = "a,b.png: \"bad\""
        #expect(named.textLine == "error: a,b.png: \"bad\"")
        let lost = Event(
            kind: .lost, session: "s", input: "in", frame: 1, timestamp: Date(), source: "stdin", barcode: code,
            trackID: 2)
        #expect(lost.textLine == "lost: in frame 1: ean13: 4006381333931")
        // A file input's code (no track) names its file.
        let file = Event(
            kind: .confirmed, session: "s", input: "in", frame: 4, timestamp: Date(), source: "scans/a.png",
            barcode: code)
        #expect(file.textLine == "scans/a.png: ean13: 4006381333931")
        #expect(lost.csvRow.contains(",1 2;10 2;10 20;1 20,"))
        #expect(
            Event.csvHeader.split(separator: ",").count
                == lost.csvRow.split(separator: ",", omittingEmptySubsequences: false).count)
    }
}
