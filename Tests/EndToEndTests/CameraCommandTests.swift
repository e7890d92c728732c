import Foundation
import Testing

/// `scanctl devices`, the camera authorization gate in `scanctl run`, and `scanctl auth`, as processes.
/// The build machines have no camera: the device is a node that does not exist, which is never opened
/// unless authorized.
@Suite struct CameraCommandTests {
    static func session(_ policy: String, withFileInput: Bool = false) -> String {
        """
        session: camtest
        authorization:
          camera: \(policy)
        inputs:
          - id: cam
            type: v4l2
            device: /nonexistent/video0
        \(withFileInput ? "  - { id: inbox, type: file, paths: [inbox] }\n" : "")outputs:
          - id: console
            type: stdout
        connections:
          - from: cam
            to: console
        \(withFileInput ? "  - { from: inbox, to: console }\n" : "")
        """
    }

    @Test func devicesListsNoneAsAnEmptyList() throws {
        guard DeviceNodes.none else { return }  // a machine with cameras lists them instead
        let dir = try TemporaryDirectory()
        let text = try ScanctlProcess.run(["devices"], directory: dir.path)
        #expect(text.status == 0)
        #expect(text.stdout == "no V4L2 capture devices\n")
        let json = try ScanctlProcess.run(["devices", "--json"], directory: dir.path)
        #expect(json.status == 0)
        #expect(json.stdout == "")  // JSON lines: one per device, none for none
    }

    @Test func deniedCameraExitsThreeWithoutOpening() throws {
        let dir = try TemporaryDirectory()
        try dir.write("s.yaml", Self.session("denied"))
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path)
        #expect(r.status == 3)
        #expect(r.stderr.contains("input 'cam': denied: camera /nonexistent/video0 is denied by the session"))
        #expect(!r.stderr.contains("open failed"))
    }

    @Test func askWithoutATerminalIsRefusedUnlessAuthorizedOnTheCommandLine() throws {
        let dir = try TemporaryDirectory()
        try dir.write("s.yaml", Self.session("ask"))
        let environment = ["XDG_STATE_HOME": dir.file("state")]
        let refused = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path, environment: environment)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("not_determined"))
        let allowed = try ScanctlProcess.run(
            ["run", "--authorize", "camera", "--duration", "0.5", "s.yaml"], directory: dir.path,
            environment: environment)
        // Opened (and failing to open, retried: an error event, not a failed item), not refused.
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("/nonexistent/video0: open failed"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("state/scanctl/camera-authorizations.json")))
    }

    @Test func otherInputsRunWhenACameraIsRefused() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("inbox"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ScanctlProcess.repository.appendingPathComponent("samples/ean8-96385074.png").path,
            toPath: dir.file("inbox/a.png"))
        try dir.write("s.yaml", Self.session("denied", withFileInput: true))
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("input 'cam': denied"))
        #expect(r.stdout.contains("96385074"))
    }

    @Test func authGrantStatusRevoke() throws {
        let dir = try TemporaryDirectory()
        try dir.write("s.yaml", Self.session("ask"))
        let environment = ["XDG_STATE_HOME": dir.file("state")]
        func auth(_ verb: String) throws -> ScanctlProcess.Result {
            try ScanctlProcess.run(["auth", verb, "s.yaml"], directory: dir.path, environment: environment)
        }
        #expect(
            try auth("status").stdout == "camtest /nonexistent/video0: not_determined (authorization: camera: ask)\n")
        #expect(try auth("grant").status == 0)
        let file = dir.file("state/scanctl/camera-authorizations.json")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try auth("status").stdout == "camtest /nonexistent/video0: authorized (authorization: camera: ask)\n")
        let run = try ScanctlProcess.run(
            ["run", "--duration", "0.5", "s.yaml"], directory: dir.path, environment: environment)
        // Granted, so opened: the device does not exist (retried, not a failed item), not a refusal (3).
        #expect(run.status == 0)
        #expect(run.stderr.contains("/nonexistent/video0: open failed"))
        #expect(try auth("revoke").status == 0)
        #expect(try auth("status").stdout.hasSuffix("not_determined (authorization: camera: ask)\n"))
    }
}

enum DeviceNodes {
    /// True when this machine has no `/dev/videoN` node.
    static var none: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return !names.contains { $0.hasPrefix("video") && Int($0.dropFirst(5)) != nil }
    }
}
