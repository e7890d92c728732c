import Foundation
import Testing

/// The commented example sessions in sessions/ stay valid.
@Suite struct SessionExamplesTests {
    @Test func everyExampleSessionValidates() throws {
        let dir = ScanctlProcess.repository.appendingPathComponent("sessions")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(names == ["demo.yaml", "file-output.yaml", "preview.yaml", "stdin-raw.yaml", "webhook.yaml"])
        for name in names {
            let child = try RunningScanctl(
                ["validate", "sessions/" + name], directory: ScanctlProcess.repository.path,
                environment: ["ERP_TOKEN": "token"])
            child.closeInput()
            let r = child.wait()
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(r.stdout == "ok\n", "\(name)")
            #expect(r.stderr.isEmpty, "\(name): \(r.stderr)")
        }
    }

    @Test func theWebhookExampleNeedsItsToken() throws {
        let child = try RunningScanctl(
            ["validate", "sessions/webhook.yaml"], directory: ScanctlProcess.repository.path, unsetting: ["ERP_TOKEN"])
        child.closeInput()
        let r = child.wait()
        #expect(r.status == 2)
        #expect(r.stderr.contains("sessions/webhook.yaml:23:30: error: environment variable 'ERP_TOKEN' is not set"))
    }
}
