import Foundation
import HTTPTestSupport
import Testing

/// A Python `http.server` receiver on 127.0.0.1, started by the test: answers the first `failFirst` POSTs
/// with 500 and records every accepted request (headers and JSON body) in a log file shared across
/// restarts on the same port.
final class WebhookReceiver {
    let process = Process()
    let port: Int

    init(log: String, script: String, failFirst: Int, port: Int = 0) throws {
        self.port = try LocalServerProcess.start(
            process, script: script, arguments: [log, String(failFirst), String(port)])
    }

    /// Takes the receiver down (the port refuses connections until a new receiver binds it).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { if process.isRunning { stop() } }

    static let script = """
        import http.server, json, sys
        log, fail_first, port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        calls = 0
        class H(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                global calls
                body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
                calls += 1
                status = 500 if calls <= fail_first else 200
                if status == 200:
                    with open(log, 'a') as f:
                        f.write(json.dumps({'auth': self.headers.get('Authorization'), 'body': json.loads(body)}) + '\\n')
                self.send_response(status)
                self.send_header('Content-Length', '0')
                self.end_headers()
            def log_message(self, *args):
                pass
        class Server(http.server.HTTPServer):
            allow_reuse_address = True
        server = Server(('127.0.0.1', port), H)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}

/// The webhook session of issue 3: 500s first, the receiver down for a while, scanctl killed with
/// SIGKILL mid-run and started again on the same spool; every event arrives, once after de-duplication.
@Suite struct RunWebhookSessionTests {
    @Test func everyEventArrivesDespite500sDowntimeAndSIGKILL() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("receiver.py", WebhookReceiver.script)
        let log = dir.file("received.jsonl")
        var receiver: WebhookReceiver? = try WebhookReceiver(log: log, script: script, failFirst: 3)
        let port = try #require(receiver?.port)
        try dir.write(
            "hook.yaml",
            """
            session: hook-test
            inputs:
              - { id: pipe, type: stdin, width: 640, height: 360, pixel_format: gray8, fps: 10, drop_frames: false }
            outputs:
              - id: console
                type: stdout
                events: [confirmed, lost]
              - id: erp
                type: webhook
                url: http://127.0.0.1:\(port)/scans
                headers: { Authorization: "Bearer ${HOOK_TOKEN}" }
                batch_size: 2
                timeout_ms: 400
                retry: { attempts: 3, backoff_ms: 50, max_backoff_ms: 200 }
                spool: spool/erp
                events: [confirmed, lost]
            connections:
              - { from: pipe, to: [console, erp], symbologies: [ean13], lost_after_ms: 150 }
            """)
        let environment = ["HOOK_TOKEN": "s3cret"]
        // Each appearance of the code (2 frames, then 3 blank) gives a confirmed and a lost event.
        let code = RunStdinSessionTests.gray(codeAt: (60, 40))
        let blank = RunStdinSessionTests.gray(codeAt: nil)
        let appearance = [code, code, blank, blank, blank]

        let first = try RunningScanctl(["run", "hook.yaml"], directory: dir.path, environment: environment)
        func events(_ text: String) -> Int { text.split(separator: "\n").count }
        for frame in appearance + appearance { first.write(frame) }
        #expect(first.waitForOutput { events($0) == 4 })
        // The receiver answered 500 three times, then accepted: wait until the first events arrived.
        let deadline = Date().addingTimeInterval(20)
        while Self.receivedIDs(log).isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!Self.receivedIDs(log).isEmpty)
        // The receiver goes down; the session goes on and spools.
        receiver?.stop()
        receiver = nil
        for frame in appearance + appearance { first.write(frame) }
        #expect(first.waitForOutput { events($0) == 8 })
        Thread.sleep(forTimeInterval: 0.3)  // some deliveries fail against the closed port
        first.signal(SIGKILL)
        let killed = first.wait(timeout: 10)
        #expect(killed.status == SIGKILL || killed.status == 9)
        let produced = Set(killed.jsonLines.compactMap { $0["event_id"] as? String })
        #expect(produced.count == 8)
        #expect(Self.receivedIDs(log).count < 8)  // something is still in the spool

        // The receiver is back; scanctl starts again on the same spool with no new frames.
        receiver = try WebhookReceiver(log: log, script: script, failFirst: 0, port: port)
        let second = try ScanctlProcess.run(
            ["run", "hook.yaml"], directory: dir.path, stdin: [], environment: environment)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stderr.contains("events from an earlier run wait in the spool"))
        // Information, not an error.
        #expect(!second.stderr.contains("error:"), "stderr: \(second.stderr)")
        #expect(second.stderr.contains("0 undelivered events"))

        let received = Self.receivedIDs(log)
        #expect(Set(received) == produced, "missing: \(produced.subtracting(received))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("spool/erp")).isEmpty)
        let auth = Self.received(log).compactMap { $0["auth"] as? String }
        #expect(!auth.isEmpty && auth.allSatisfy { $0 == "Bearer s3cret" })
    }

    static func received(_ log: String) -> [[String: Any]] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Every event id received, duplicates included (bodies are arrays: batch_size 2).
    static func receivedIDs(_ log: String) -> [String] {
        received(log).flatMap { ($0["body"] as? [[String: Any]]) ?? [] }.compactMap { $0["event_id"] as? String }
    }
}
