import Foundation
import ScanCamera
import ScanCore

/// `type: v4l2`: a camera. A live input: each captured frame is offered to the connections' latest-frame
/// slots, so when decoding is slower than the camera older frames are dropped and counted, and latency
/// stays one frame.
///
/// Built only for a camera the authorization gate allowed (``CameraAuthorizationGate``). It opens the
/// device, negotiates the mode closest to the session's request (the chosen mode goes to `info`),
/// sets the controls, and streams. A device that disappears (`ENODEV`) or delivers no frame for
/// `stall_timeout_ms` is closed and reopened with back-off (``CameraLifecycle``); each failure is an
/// `error` event naming the device. The input ends when the session stops, or at once when the device can
/// never serve it (not a capture device, no readable format, permission denied).
///
/// Its focus, exposure and zoom controls can be read and changed from other threads through
/// ``controlChannel`` (the preview page): requests are carried out on the capture thread between frames.
///
/// The loop drives the device through ``CameraDevice`` and tells time by its ``environment``
/// (``CameraLoopEnvironment/v4l2`` unless a test gives it a fake device and clock).
public struct V4L2Input: CameraControlling {
    /// The input's id from the session.
    public let id: String
    /// The session's keys.
    public let config: V4L2InputConfig
    /// Receives information that is not an error, one line each: the mode chosen at each open
    /// (`input 'cam': /dev/video0: yuyv 640x480 @ 30 fps`). Problems are `error` events instead.
    public let info: @Sendable (String) -> Void
    /// Back-off of the reopen attempts.
    public let initialBackoffMs: Int, maxBackoffMs: Int
    /// The focus, exposure and zoom controls, for other threads.
    public let controlChannel: CameraControlChannel
    /// How devices are opened and time is told.
    public let environment: CameraLoopEnvironment

    public init(
        id: String, config: V4L2InputConfig, initialBackoffMs: Int = 250, maxBackoffMs: Int = 8000,
        environment: CameraLoopEnvironment = .v4l2, info: @escaping @Sendable (String) -> Void
    ) {
        self.environment = environment
        self.id = id
        self.config = config
        self.initialBackoffMs = initialBackoffMs
        self.maxBackoffMs = maxBackoffMs
        self.info = info
        self.controlChannel = CameraControlChannel(device: config.device)
    }

    public var delivery: InputDelivery { .live(dropFrames: true) }

    /// The capture request of this input's keys.
    public var request: CaptureRequest {
        CaptureRequest(
            device: config.device,
            mode: ModeRequest(
                pixelFormat: config.pixelFormat, size: FrameSize(width: config.width, height: config.height),
                fps: config.fps),
            buffers: config.buffers, controls: config.controls.map { ($0.value.name, $0.value.value) })
    }

    public func run(into sink: any FrameSink, stop: StopSignal) {
        let source = config.device
        let environment = self.environment
        func nowMs() -> Int { environment.nowMs() }
        var machine = CameraLifecycle(
            stallTimeoutMs: config.stallTimeoutMs, initialBackoffMs: initialBackoffMs, maxBackoffMs: maxBackoffMs)
        var camera: (any CameraDevice)?
        var action = machine.start(nowMs: nowMs())
        var frameNumber = 0
        let channel = controlChannel
        defer { channel.closed() }
        let purposes = Set(CameraControl.Purpose.allCases)
        while true {
            switch action {
            case .none:
                break
            case .open:
                do {
                    let opened = try environment.open(request)
                    camera = opened
                    info("input '\(id)': \(source): \(opened.mode)")
                    for warning in opened.warnings { sink.report(source: source, message: warning) }
                    channel.opened(device: source, controls: opened.controlStates(purposes: purposes))
                    action = machine.opened(nowMs: nowMs())
                } catch {
                    action = machine.openFailed(error.description, permanent: error.isPermanent, nowMs: nowMs())
                }
                continue
            case .report(let message, _):
                sink.report(source: source, message: message)
            case .closeAndReport(let message, _):
                camera = nil
                channel.closed()
                sink.report(source: source, message: message)
            case .close:
                camera = nil
                return
            case .giveUp(let message):
                sink.fail(frame: nil, source: source, message: message)
                return
            }
            if stop.isSet {
                action = machine.stop()
                if action == .none { return }
                continue
            }
            if let capture = camera {
                do {
                    switch try capture.next(timeoutMs: min(100, config.stallTimeoutMs)) {
                    case .success(var frame)?:
                        frame.sequenceNumber = frameNumber
                        frameNumber += 1
                        _ = machine.frameArrived(nowMs: nowMs())
                        sink.offer(frame)
                    case .failure(let error)?:
                        _ = machine.frameArrived(nowMs: nowMs())
                        sink.fail(frame: frameNumber, source: source, message: "frame \(frameNumber): \(error)")
                        frameNumber += 1
                    case nil:
                        break
                    }
                    channel.serve { control, value in
                        do {
                            _ = try capture.set(control, to: value)
                            return .success(capture.controlStates(purposes: purposes))
                        } catch {
                            return .failure(.refused("\(error)"))
                        }
                    }
                    action = machine.tick(nowMs: nowMs())
                } catch {
                    action = machine.deviceFailed(error.description, nowMs: nowMs())
                }
            } else {
                environment.sleep(20)
                action = machine.tick(nowMs: nowMs())
            }
        }
    }
}
