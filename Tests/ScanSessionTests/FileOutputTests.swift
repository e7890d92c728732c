import Foundation
import ScanCore
import Testing

@testable import ScanSession

@Suite struct FileOutputTests {
    func event(_ n: Int, value: String = "4006381333931") -> Event {
        Event(
            id: "e\(n)", kind: .confirmed, session: "s", input: "in", connection: 0, frame: n,
            timestamp: Date(timeIntervalSince1970: Double(n)), source: "f\(n).png",
            barcode: Barcode(
                format: .ean13, rawValue: value, rawBytes: Array(value.utf8),
                cornerPoints: [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)], symbologyIdentifier: "]E0"))
    }

    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func lines(_ path: String) -> [String] {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    @Test func jsonlIsAppendedAndVisibleAfterEachEvent() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("scans.jsonl").path
        let out = FileOutput(id: "log", config: FileOutputConfig(path: path))
        try out.open()
        try out.write(event(1))
        #expect(lines(path).count == 1)  // written through, before finish
        try out.write(event(2))
        #expect(out.finish() == 0)
        let again = FileOutput(id: "log", config: FileOutputConfig(path: path))
        try again.open()
        try again.write(event(3))
        _ = again.finish()
        let all = lines(path)
        #expect(all.count == 3)
        #expect(all[2] == event(3).jsonLine)
    }

    @Test func csvHasOneHeaderAndQuotedRows() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("scans.csv").path
        var config = FileOutputConfig(path: path)
        config.format = .csv
        for n in 1...2 {
            let out = FileOutput(id: "log", config: config)
            try out.open()
            try out.write(event(n, value: "a,\"b\""))
            _ = out.finish()
        }
        let all = lines(path)
        #expect(all.count == 3)
        #expect(all[0] == Event.csvHeader)
        #expect(all[1].contains(",\"a,\"\"b\"\"\","))
    }

    @Test func rotationKeepsTheNewestFiles() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("scans.jsonl").path
        let lineSize = event(10).jsonLine.utf8.count + 1
        var config = FileOutputConfig(path: path)
        config.rotateBytes = lineSize * 2
        config.keep = 2
        let out = FileOutput(id: "log", config: config)
        try out.open()
        for n in 10..<17 { try out.write(event(n)) }
        _ = out.finish()
        // 7 events, 2 per file: .2 holds 12–13, .1 holds 14–15, the live file 16; 10–11 were dropped.
        #expect(lines(path).map { $0.contains("\"e16\"") } == [true])
        #expect(lines(path + ".1").count == 2 && lines(path + ".1")[0].contains("\"e14\""))
        #expect(lines(path + ".2").count == 2 && lines(path + ".2")[0].contains("\"e12\""))
        #expect(!FileManager.default.fileExists(atPath: path + ".3"))
    }

    @Test func anUnopenableFileFailsAtOpen() {
        let out = FileOutput(id: "log", config: FileOutputConfig(path: "/nonexistent-dir/x.jsonl"))
        #expect(throws: FileOutput.Failure.self) { try out.open() }
    }
}
