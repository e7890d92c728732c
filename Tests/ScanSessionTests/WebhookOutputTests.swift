import Foundation
import HTTPTestSupport
import ScanCore
import Synchronization
import Testing

@testable import ScanSession

/// A Python `http.server` on 127.0.0.1 answering each POST with the next status of a script (the last
/// one repeats), after an optional delay, and recording the bodies it accepted (2xx).
final class ScriptedReceiver {
    let process = Process()
    let port: Int
    let log: String
    private let dir: URL

    init(statuses: [Int], delay: Double = 0) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("recv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        log = dir.appendingPathComponent("log.jsonl").path
        let script = """
            import http.server, json, sys, time
            statuses = \(statuses)
            calls = 0
            class H(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    global calls
                    body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
                    status = statuses[min(calls, len(statuses) - 1)]
                    calls += 1
                    time.sleep(\(delay))
                    if 200 <= status < 300:
                        with open(sys.argv[1], 'a') as f:
                            f.write(json.dumps({'headers': dict(self.headers), 'body': json.loads(body)}) + '\\n')
                    with open(sys.argv[1] + '.calls', 'a') as f:
                        f.write('%d\\n' % status)
                    self.send_response(status)
                    self.send_header('Content-Length', '0')
                    self.end_headers()
                def log_message(self, *args):
                    pass
            server = http.server.HTTPServer(('127.0.0.1', 0), H)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let scriptPath = dir.appendingPathComponent("receiver.py").path
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        port = try LocalServerProcess.start(process, script: scriptPath, arguments: [log])
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: dir)
    }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// Accepted requests: headers and JSON body.
    var accepted: [[String: Any]] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The status of every request, in order.
    var calls: [Int] {
        ((try? String(contentsOfFile: log + ".calls", encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            Int($0)
        }
    }
}

@Suite(.serialized) struct WebhookOutputTests {
    func event(_ n: Int) -> Event {
        Event(id: "ev-\(n)", kind: .confirmed, session: "s", input: "in", frame: n, timestamp: Date(), source: "x")
    }

    func output(_ receiver: ScriptedReceiver, _ tune: (inout WebhookOutputConfig) -> Void = { _ in }) -> (
        WebhookOutput, LockedLines
    ) {
        var config = WebhookOutputConfig(url: receiver.url)
        config.backoffMs = 20
        config.maxBackoffMs = 50
        config.timeoutMs = 1000
        tune(&config)
        let lines = LockedLines()
        return (WebhookOutput(id: "hook", config: config, diagnostics: { lines.append($0) }), lines)
    }

    func send(_ out: WebhookOutput, _ events: [Event]) throws {
        try out.open()
        for e in events {
            try out.persist(e)
            try out.write(e)
        }
    }

    @Test func serverErrorsAreRetriedUntilAccepted() throws {
        let receiver = try ScriptedReceiver(statuses: [500, 503, 200])
        let (out, _) = output(receiver) { $0.headers = ["Authorization": "Bearer t0k"] }
        try send(out, [event(1)])
        // While the session runs (finishing a delivery that is failing makes only one last attempt).
        let deadline = Date().addingTimeInterval(20)
        while receiver.calls.count < 3 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(out.finish() == 0)
        #expect(receiver.calls == [500, 503, 200])
        let body = receiver.accepted.first?["body"] as? [String: Any]
        #expect(body?["event_id"] as? String == "ev-1")
        let headers = receiver.accepted.first?["headers"] as? [String: String]
        #expect(headers?["Authorization"] == "Bearer t0k")
        #expect(headers?["Content-Type"] == "application/json")
        #expect(headers?["User-Agent"] == "scanctl/\(PackageVersion.current)")
    }

    @Test func rejectedPayloadsWithoutASpoolAreNotRetriedAndCountAsUndelivered() throws {
        let receiver = try ScriptedReceiver(statuses: [422, 200])
        let (out, lines) = output(receiver)
        try send(out, [event(1), event(2)])
        #expect(out.finish() == 1)
        #expect(receiver.calls == [422, 200])
        #expect(
            lines.all == [
                "output 'hook': \(receiver.url) rejected 1 event with HTTP 422 (not retried); lost: without 'spool:' "
                    + "there is no dead-letter file"
            ])
    }

    @Test func rejectedPayloadsGoToTheDeadLetterFileBesideTheSpool() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wh-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: dir + ".dead-letter.jsonl")
        }
        let receiver = try ScriptedReceiver(statuses: [413, 200])
        let (out, lines) = output(receiver) { $0.spool = dir + "/" }
        try send(out, [event(1), event(2)])
        #expect(out.finish() == 0)
        #expect(receiver.calls == [413, 200])
        let deadLetter = dir + ".dead-letter.jsonl"
        #expect(
            lines.all == [
                "output 'hook': \(receiver.url) rejected 1 event with HTTP 413 (not retried); written to \(deadLetter)"
            ])
        let text = try String(contentsOfFile: deadLetter, encoding: .utf8)
        let records = text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(records.count == 1)
        #expect(records.first?["status"] as? Int == 413)
        #expect((records.first?["event"] as? [String: Any])?["event_id"] as? String == "ev-1")
        #expect(Self.permissions(deadLetter) == 0o600)
        #expect(Self.permissions(dir) == 0o700)
    }

    @Test func anExpiredTokenKeepsTheEventsRetriedAndSaysOnceWhyDeliveryStoppedAndWhenItResumed() throws {
        let receiver = try ScriptedReceiver(statuses: [401, 401, 403, 404, 503, 401, 200])
        let port = receiver.port
        let secretURL = "http://admin:s3cretPW@127.0.0.1:\(port)/hook?token=abc123&site=7"
        let (out, lines) = output(receiver) {
            $0.url = secretURL
            $0.attempts = 2  // used only when finishing: while running, failures are retried without end
        }
        try send(out, [event(1), event(2)])
        let end = Date().addingTimeInterval(20)
        while out.delivered < 2 && Date() < end { Thread.sleep(forTimeInterval: 0.02) }
        #expect(out.finish() == 0)
        #expect(receiver.calls == [401, 401, 403, 404, 503, 401, 200, 200])
        let shown = "http://***@127.0.0.1:\(port)/hook?token=***&site=***"
        // Once when it stopped, once when it resumed (the counts depend on how far persisting got).
        #expect(lines.all.count == 2)
        #expect(lines.all.first?.hasPrefix("output 'hook': delivery to \(shown) stopped: HTTP 401; ") == true)
        let waiting = " events wait in memory (no 'spool:': lost if the session ends first), retried with back-off"
        #expect(lines.all.first?.hasSuffix(waiting) == true)
        #expect(lines.all.last?.hasPrefix("output 'hook': delivery to \(shown) resumed after HTTP 401; ") == true)
        #expect(!lines.all.joined().contains("s3cretPW") && !lines.all.joined().contains("abc123"))
    }

    @Test func eventsNoSpoolHoldsAreCountedLostWhenTheReceiverStaysDown() throws {
        var config = WebhookOutputConfig(url: "http://127.0.0.1:9/none?key=k3y")  // discard port: refused
        config.attempts = 2
        config.backoffMs = 10
        let lines = LockedLines()
        let out = WebhookOutput(id: "hook", config: config, diagnostics: { lines.append($0) })
        try send(out, [event(1), event(2), event(3)])
        #expect(out.finish() == 3)
        let shown = "http://127.0.0.1:9/none?key=***"
        #expect(
            lines.all.last
                == "output 'hook': 3 events were not delivered to \(shown) and are lost (no 'spool:' holds them)")
        #expect(lines.all.first?.hasPrefix("output 'hook': delivery to \(shown) stopped: ") == true)
        #expect(!lines.all.joined().contains("k3y"))
    }

    static func permissions(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    @Test func batchesPostArraysOfUpToBatchSizeEvents() throws {
        let receiver = try ScriptedReceiver(statuses: [200])
        let (out, _) = output(receiver) { $0.batchSize = 3 }
        try out.open()
        // Persist all before the delivery thread can send: the spool is filled, then woken.
        for n in 1...7 { try out.persist(event(n)) }
        #expect(out.finish() == 0)
        let ids = receiver.accepted.compactMap { $0["body"] as? [[String: Any]] }.flatMap {
            $0.compactMap { $0["event_id"] as? String }
        }
        #expect(ids == (1...7).map { "ev-\($0)" })
        #expect(receiver.accepted.allSatisfy { (($0["body"] as? [Any])?.count ?? 0) <= 3 })
    }

    @Test func subSecondTimeoutsHoldToTheMillisecond() throws {
        let receiver = try ScriptedReceiver(statuses: [200], delay: 3)
        let client = WebhookClient(url: try #require(URL(string: receiver.url)), headers: [:], timeoutMs: 300)
        let started = Date()
        let outcome = client.post(Data("{}".utf8))
        let elapsed = Date().timeIntervalSince(started)
        #expect(outcome == .failed("no answer within 300 ms"))
        #expect(elapsed >= 0.29 && elapsed < 0.8, "took \(elapsed) s")
    }

    @Test func undeliverableEventsStayInTheSpoolForTheNextRun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wh-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let down = WebhookOutputConfig(url: "http://127.0.0.1:9/none")  // discard port: refused
        var config = down
        config.spool = dir
        config.attempts = 2
        config.backoffMs = 10
        let lines = LockedLines()
        let first = WebhookOutput(
            id: "hook", config: config, diagnostics: { lines.append("error: " + $0) },
            info: { lines.append("info: " + $0) })
        try first.open()
        for n in 1...3 { try first.persist(event(n)) }
        #expect(first.finish() == 0)  // spooled, not lost
        // The spool's state is information, not an error.
        #expect(lines.all.contains { $0 == "info: output 'hook': 3 events wait in the spool \(dir) for the next run" })
        // Events may hold secrets of their own: the spool is private, whatever the umask.
        #expect(Self.permissions(dir) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.count == 3)
        #expect(files.allSatisfy { Self.permissions(dir + "/" + $0) == 0o600 })
        let receiver = try ScriptedReceiver(statuses: [200])
        config.url = receiver.url
        let second = WebhookOutput(id: "hook", config: config, diagnostics: { lines.append($0) })
        try second.open()
        #expect(second.finish() == 0)
        let ids = receiver.accepted.compactMap { ($0["body"] as? [String: Any])?["event_id"] as? String }
        #expect(ids == ["ev-1", "ev-2", "ev-3"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
