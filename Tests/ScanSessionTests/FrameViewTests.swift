import BuiltinPlugins
import Foundation
import ScanCamera
import ScanCore
import Synchronization
import Testing

@testable import ScanSession

/// An output that also watches frames: keeps every view and the live session (a test double).
final class CapturingViewer: FrameViewer {
    let id: String
    private let views = Mutex<[FrameView]>([])
    private let live = Mutex<LiveSession?>(nil)
    private let openedAttached = Mutex<Bool?>(nil)
    init(id: String) { self.id = id }

    var seen: [FrameView] { views.withLock { $0 } }
    var session: LiveSession? { live.withLock { $0 } }
    /// Whether the session was attached when `open()` ran.
    var attachedBeforeOpen: Bool? { openedAttached.withLock { $0 } }

    func attach(_ session: LiveSession) { live.withLock { $0 = session } }
    func observe(_ view: FrameView) { views.withLock { $0.append(view) } }
    func open() throws { openedAttached.withLock { $0 = session != nil } }
    func write(_ event: Event) throws {}
    func finish() -> Int { 0 }
}

@Suite struct FrameViewTests {
    let registry = BuiltinPlugins.registry()

    @Test func viewsCarryTrackConfirmedStateLostTracksRegionAndMetrics() throws {
        // Frames 0–2 hold the code, 3–5 are blank, 100 ms apart: confirmed from frame 1, lost at frame 5.
        let t0 = Date(timeIntervalSince1970: 1000)
        let frames = (0..<6).map { n in
            TestFrames.gray(codeAt: n < 3 ? (60, 40) : nil, number: n, time: t0.addingTimeInterval(Double(n) / 10))
        }
        let viewer = CapturingViewer(id: "v")
        var plan = ConnectionPlan(index: 0, input: "cam", outputs: ["v"])
        plan.confirmFrames = 2
        plan.lostAfterMs = 250
        plan.regionOfInterest = RegionOfInterest(x: 0, y: 0, width: 1, height: 1)
        let c = Coordinator(
            session: "s", inputs: [ArrayInput(id: "cam", frames: frames, delivery: .live(dropFrames: false))],
            outputs: [OutputPlan(output: viewer)], connections: [plan], registry: registry)
        _ = try c.run()
        #expect(viewer.attachedBeforeOpen == true)
        let views = viewer.seen
        #expect(views.map(\.frame.sequenceNumber) == [0, 1, 2, 3, 4, 5])
        #expect(views.map { $0.symbols.map(\.isConfirmed) } == [[false], [true], [true], [], [], []])
        #expect(views.map { $0.symbols.map(\.trackID) } == [[1], [1], [1], [], [], []])
        #expect(views.map { $0.lost.map(\.trackID) } == [[], [], [], [], [], [1]])
        #expect(views.allSatisfy { $0.regionOfInterest == plan.regionOfInterest && $0.input == "cam" })
        #expect(views[0].symbols.first?.barcode.format == .ean13)

        let snapshot = try #require(viewer.session).snapshot()
        #expect(snapshot.framesByInput == ["cam": 6])
        #expect(snapshot.symbolsByFormat == ["ean13": 3])
        #expect(snapshot.decodeTimes[0]?.count == 6)
        #expect(snapshot.eventsByKind == ["detected": 3, "confirmed": 1, "lost": 1])
        #expect(snapshot.droppedFrames == [MetricsSnapshot.Dropped(input: "cam", connection: 0, count: 0)])
        #expect(snapshot.outputQueueDepth == ["v": 0])
    }

    @Test func fileImagesAreConfirmedInTheirViews() throws {
        let viewer = CapturingViewer(id: "v")
        let c = Coordinator(
            session: "s", inputs: [ArrayInput(id: "files", frames: [TestFrames.gray(codeAt: (60, 40), number: 0)])],
            outputs: [OutputPlan(output: viewer)],
            connections: [ConnectionPlan(index: 0, input: "files", outputs: ["v"])], registry: registry)
        _ = try c.run()
        #expect(viewer.seen.map { $0.symbols.map { [$0.isConfirmed ? 1 : 0, $0.trackID ?? -1] } } == [[[1, -1]]])
    }

    @Test func prometheusTextOfASnapshot() {
        var s = MetricsSnapshot(startTime: Date(timeIntervalSince1970: 1_700_000_000))
        s.framesByInput = ["b\"x": 2, "a": 5]
        s.droppedFrames = [.init(input: "a", connection: 0, count: 1)]
        var h = DecodeHistogram()
        h.record(0.004)
        h.record(0.3)
        s.decodeTimes = [0: h]
        s.symbolsByFormat = ["qrcode": 3]
        s.errors = 2
        s.webhookBacklog = ["hook": OutputBacklog(pending: 4, spooled: 4)]
        let text = s.prometheusText()
        #expect(text.contains("scanctl_frames_total{input=\"a\"} 5\nscanctl_frames_total{input=\"b\\\"x\"} 2\n"))
        #expect(text.contains("scanctl_dropped_frames_total{input=\"a\",connection=\"0\"} 1\n"))
        #expect(text.contains("scanctl_decode_seconds_bucket{connection=\"0\",le=\"0.0025\"} 0\n"))
        #expect(text.contains("scanctl_decode_seconds_bucket{connection=\"0\",le=\"0.005\"} 1\n"))
        #expect(text.contains("scanctl_decode_seconds_bucket{connection=\"0\",le=\"0.5\"} 2\n"))
        #expect(text.contains("scanctl_decode_seconds_bucket{connection=\"0\",le=\"+Inf\"} 2\n"))
        #expect(text.contains("scanctl_decode_seconds_sum{connection=\"0\"} 0.304\n"))
        #expect(text.contains("scanctl_decode_seconds_count{connection=\"0\"} 2\n"))
        #expect(text.contains("# TYPE scanctl_symbols_total counter\nscanctl_symbols_total{format=\"qrcode\"} 3\n"))
        #expect(text.contains("scanctl_errors_total 2\n"))
        #expect(text.contains("scanctl_webhook_queue_depth{output=\"hook\"} 4\n"))
        #expect(text.contains("scanctl_webhook_spool_depth{output=\"hook\"} 4\n"))
        #expect(text.contains("scanctl_start_time_seconds 1700000000\n"))
        // Every sample line belongs to a family declared just before it.
        var family = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# TYPE ") {
                family = String(line.split(separator: " ")[2])
            } else if !line.hasPrefix("#") {
                #expect(line.hasPrefix(family), "\(line) outside \(family)")
            }
        }
    }
}

@Suite struct CameraControlChannelTests {
    static let gain = CameraControl(id: 0x0098_0913, name: "Gain", kind: .integer, minimum: 0, maximum: 255)

    @Test func aChangeWaitsForTheCaptureThreadAndComesBackAsTheDriverHasIt() throws {
        let channel = CameraControlChannel(device: "/dev/video0")
        #expect(channel.set("gain", to: 5) == .failure(.notOpen(device: "/dev/video0")))
        channel.opened(device: "/dev/video0", controls: [CameraControlState(control: Self.gain, value: 100)])
        #expect(
            channel.set("focus_absolute", to: 5)
                == .failure(.unknown(name: "focus_absolute", known: ["gain"])))
        let stop = Mutex(false)
        let capture = Thread {
            while !stop.withLock({ $0 }) {
                channel.serve { control, value in
                    // The driver rounds to even values.
                    .success([CameraControlState(control: control, value: value / 2 * 2)])
                }
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        capture.start()
        let result = channel.set("gain", to: 41, timeoutSeconds: 30)
        stop.withLock { $0 = true }
        #expect(result == .success(CameraControlState(control: Self.gain, value: 40)))
        #expect(channel.snapshot.controls.map(\.value) == [40])
        channel.closed()
        #expect(channel.snapshot.isOpen == false)
    }

    @Test func nobodyServingIsATimeout() {
        let channel = CameraControlChannel(device: "/dev/video9")
        channel.opened(device: "/dev/video9", controls: [CameraControlState(control: Self.gain, value: 1)])
        #expect(channel.set("gain", to: 2, timeoutSeconds: 0.01) == .failure(.timedOut))
    }

    @Test func purposesByControlID() {
        #expect(Self.gain.purpose == .exposure)
        #expect(
            CameraControl(id: 0x009a_090a, name: "Focus, Absolute", kind: .integer, minimum: 0, maximum: 9).purpose
                == .focus)
        #expect(
            CameraControl(id: 0x009a_090d, name: "Zoom, Absolute", kind: .integer, minimum: 0, maximum: 9).purpose
                == .zoom)
        #expect(
            CameraControl(id: 0x0098_0900, name: "Brightness", kind: .integer, minimum: 0, maximum: 9).purpose == nil)
    }
}

@Suite struct PreviewConfigTests {
    static func load(_ output: String, environment: [String: String] = [:]) throws(ConfigProblems) -> SessionConfig {
        let text = """
            inputs:
              - { id: pipe, type: stdin, width: 8, height: 8, pixel_format: gray8 }
            outputs:
              - \(output)
            connections:
              - { from: pipe, to: page }
            """
        return try SessionLoader.load(
            text: text, file: "s.yaml", pluginFormats: [.ean13], environment: environment
        ).config
    }

    @Test func keysAndDefaults() throws {
        let config = try Self.load(
            "{ id: page, type: preview, port: 0, address: \"::1\", fps: 2.5, quality: 90, history: 5, show_lost_ms: 0, auth: { user: op, password: \"${PW}\" } }",
            environment: ["PW": "secret"])
        guard case .preview(let c) = config.outputs[0].kind else {
            Issue.record("not a preview")
            return
        }
        #expect(c.port == 0 && c.address == "::1" && c.fps == 2.5 && c.quality == 90 && c.history == 5)
        #expect(c.showLostMs == 0 && c.user == "op" && c.password == "secret")
        #expect(config.outputs[0].events == [.confirmed, .lost, .error])
        let plain = try Self.load("{ id: page, type: preview }")
        guard case .preview(let d) = plain.outputs[0].kind else { return }
        #expect(d == PreviewOutputConfig())
        #expect(d.address == "127.0.0.1" && d.port == 8080 && d.fps == 10 && d.credentials == nil)
    }

    @Test func aLiteralPasswordAndBadValuesAreProblems() {
        do {
            _ = try Self.load("{ id: page, type: preview, fps: 0, port: 70000, auth: { user: \"a:b\", password: pw } }")
            Issue.record("loaded")
        } catch {
            let messages = error.problems.map(\.message)
            #expect(messages.contains("'fps' must be from 0.1 to 60, not 0.0"))
            #expect(messages.contains("'port' must be from 0 to 65535, not 70000"))
            #expect(messages.contains("'user' must be non-empty and without ':' (HTTP basic authentication)"))
            #expect(
                messages.contains(
                    "'password' must come from an environment variable, as \"${NAME}\", not be written here"))
            #expect(!messages.joined().contains("pw "))
        }
    }
}
