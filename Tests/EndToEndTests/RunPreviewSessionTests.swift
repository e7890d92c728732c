import Foundation
import HTTPTestSupport
import ScanCore
import ScanImageIO
import Synchronization
import Testing

/// `scanctl run` with a `type: preview` output on a stdin stream, fetched over HTTP while it runs.
@Suite struct RunPreviewSessionTests {
    /// A session reading 640 × 360 gray8 frames, decoding EAN-13, into a preview (port chosen by the
    /// system) and stdout.
    static func session(_ dir: TemporaryDirectory, auth: String = "") throws -> String {
        try dir.write(
            "preview.yaml",
            """
            session: preview-test
            inputs:
              - id: pipe
                type: stdin
                width: \(RunStdinSessionTests.width)
                height: \(RunStdinSessionTests.height)
                pixel_format: gray8
            outputs:
              - id: page
                type: preview
                port: 0
                fps: 20
            \(auth)
              - id: console
                type: stdout
                events: [confirmed]
            connections:
              - from: pipe
                to: [page, console]
                symbologies: [ean13]
                region_of_interest: { x: 0, y: 0, width: 1, height: 1 }
                confirm_frames: 2
                lost_after_ms: 60000
            """)
    }

    /// Writes frames with the EAN-13 sample to the child's standard input until `stop` is set, then closes it.
    static func feed(_ child: RunningScanctl, stop: StopFlag) -> Thread {
        let frame = RunStdinSessionTests.gray(codeAt: (60, 40))
        let thread = Thread {
            while !stop.isSet {
                child.write(frame)
                Thread.sleep(forTimeInterval: 0.05)
            }
            child.closeInput()
        }
        thread.start()
        return thread
    }

    /// The port from `scanctl: info: output 'page': preview at http://127.0.0.1:PORT/`.
    static func port(of child: RunningScanctl) -> Int? {
        let end = Date().addingTimeInterval(30)
        while Date() < end {
            if let range = child.stderr.range(of: "preview at http://127.0.0.1:") {
                let digits = child.stderr[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), child.stderr[range.upperBound...].dropFirst(digits.count).hasPrefix("/") {
                    return port
                }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// The complete JPEG parts of a multipart body so far (each after its `Content-Length` header).
    static func jpegParts(_ body: [UInt8]) -> [[UInt8]] {
        let marker = Array("Content-Length: ".utf8)
        var parts: [[UInt8]] = []
        var i = 0
        while i + marker.count < body.count {
            guard Array(body[i..<i + marker.count]) == marker else {
                i += 1
                continue
            }
            var j = i + marker.count
            var length = 0
            while j < body.count, body[j] >= 48, body[j] <= 57 {
                length = length * 10 + Int(body[j] - 48)
                j += 1
            }
            let start = j + 4  // "\r\n\r\n"
            guard start + length <= body.count else { break }
            parts.append(Array(body[start..<start + length]))
            i = start + length
        }
        return parts
    }

    @Test func theStdinSessionServesItsPageStreamEventsAndMetrics() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.session(dir)
        let child = try RunningScanctl(["run", path])
        let stop = StopFlag()
        let feeder = Self.feed(child, stop: stop)
        defer {
            stop.set()
            _ = child.wait(timeout: 60)
            _ = feeder
        }
        let port = try #require(Self.port(of: child), "no preview address in \(child.stderr)")
        #expect(child.waitForOutput(timeout: 120) { $0.contains("\"event\":\"confirmed\"") }, "\(child.stderr)")

        let page = try RawHTTP.request(port: port, "/")
        #expect(page.status == 200)
        #expect(page.header("content-type") == "text/html; charset=utf-8")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<img id=\"stream\" src=\"stream?connection=0\""))
        #expect(html.contains("preview-test"))

        let stream = try RawHTTP.request(port: port, "/stream", until: { Self.jpegParts($0).count >= 2 })
        #expect(stream.status == 200)
        #expect(stream.header("content-type") == "multipart/x-mixed-replace; boundary=scanctlframe")
        let parts = Self.jpegParts(stream.body)
        #expect(parts.count >= 2)
        for part in parts.prefix(2) {
            let frame = try ImageReader.read(data: part, name: "stream part")
            #expect(frame.width == RunStdinSessionTests.width && frame.height == RunStdinSessionTests.height)
            // The confirmed code's outline is drawn in green; the frames themselves are grey.
            var green = 0
            for i in stride(from: 0, to: frame.pixels.count, by: 3)
            where frame.pixels[i + 1] > 150 && frame.pixels[i] < 90 && frame.pixels[i + 2] < 150 {
                green += 1
            }
            #expect(green > 300, "green pixels: \(green)")
        }

        let events = try RawHTTP.request(
            port: port, "/events", until: { String(decoding: $0, as: UTF8.self).contains("event: confirmed\ndata: ") })
        #expect(events.header("content-type") == "text/event-stream")
        let sse = String(decoding: events.body, as: UTF8.self)
        let data = try #require(sse.components(separatedBy: "event: confirmed\ndata: ").dropFirst().first)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(data.prefix { $0 != "\n" }.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "ean13")
        #expect(json["raw_value"] as? String == "4006381333931")
        #expect(json["session"] as? String == "preview-test")

        let metrics = try RawHTTP.request(port: port, "/metrics")
        #expect(metrics.header("content-type") == "text/plain; version=0.0.4; charset=utf-8")
        let text = String(decoding: metrics.body, as: UTF8.self)
        for name in [
            "# TYPE scanctl_frames_total counter", "scanctl_frames_total{input=\"pipe\"} ",
            "scanctl_dropped_frames_total{input=\"pipe\",connection=\"0\"} ", "# TYPE scanctl_decode_seconds histogram",
            "scanctl_decode_seconds_bucket{connection=\"0\",le=\"+Inf\"} ", "scanctl_symbols_total{format=\"ean13\"} ",
            "scanctl_errors_total 0", "scanctl_output_queue_depth{output=\"page\"} ",
            "# TYPE scanctl_webhook_spool_depth gauge", "scanctl_preview_frames_encoded_total{output=\"page\"} ",
        ] {
            #expect(text.contains(name), "\(name) missing from\n\(text)")
        }
        let frames = text.split(separator: "\n").first { $0.hasPrefix("scanctl_frames_total{") }
        #expect((frames.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0) > 0)

        #expect(try RawHTTP.request(port: port, "/nothing").status == 404)
        stop.set()
        let result = child.wait(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func basicAuthGuardsEveryPageAndThePasswordIsNeverPrinted() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.session(dir, auth: "    auth: { user: operator, password: \"${PREVIEW_PW}\" }")
        let child = try RunningScanctl(["run", path], environment: ["PREVIEW_PW": "pw-9f3k"])
        let stop = StopFlag()
        let feeder = Self.feed(child, stop: stop)
        let port = try #require(Self.port(of: child), "no preview address in \(child.stderr)")
        for page in ["/", "/metrics", "/status"] {
            let denied = try RawHTTP.request(port: port, page)
            #expect(denied.status == 401, "\(page)")
            #expect(denied.header("www-authenticate")?.hasPrefix("Basic realm=\"scanctl\"") == true)
        }
        let wrong = Data("operator:nope".utf8).base64EncodedString()
        #expect(try RawHTTP.request(port: port, "/", headers: ["Authorization: Basic \(wrong)"]).status == 401)
        let right = Data("operator:pw-9f3k".utf8).base64EncodedString()
        #expect(try RawHTTP.request(port: port, "/status", headers: ["Authorization: Basic \(right)"]).status == 200)
        stop.set()
        let result = child.wait(timeout: 60)
        _ = feeder
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("pw-9f3k") && !result.stdout.contains("pw-9f3k"))
    }

    @Test func aPasswordWrittenIntoTheSessionIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.session(dir, auth: "    auth: { user: operator, password: hunter2 }")
        let result = try ScanctlProcess.run(["validate", path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "error: 'password' must come from an environment variable, as \"${NAME}\", not be written here"),
            "\(result.stderr)")
    }
}

/// A flag one thread sets and another polls.
final class StopFlag: Sendable {
    private let state = Mutex(false)
    var isSet: Bool { state.withLock { $0 } }
    func set() { state.withLock { $0 = true } }
}
