import Foundation
import ScanCore

/// An open camera as the capture loop drives it: the seam between `V4L2Input`'s loop and the device.
///
/// ``CameraCapture`` is the real one (V4L2 through libv4l2); a test gives the loop a fake that delivers
/// scripted frames, timeouts, conversion failures and a lost device, so the loop is tested without a
/// camera. The loop calls it from one thread only.
public protocol CameraDevice: AnyObject {
    /// The mode chosen at the open, with how it differs from the request.
    var mode: NegotiatedMode { get }
    /// Notes for the user from the open (controls that could not be set, the I/O method).
    var warnings: [String] { get }
    /// Waits up to `timeoutMs` for the next frame. Returns nil when none came in time (`EAGAIN`, a
    /// timeout); a buffer that does not convert is `.failure` and the stream goes on.
    /// - Throws: ``V4L2Error`` when the device fails (`isDeviceGone` after an unplug).
    func next(timeoutMs: Int) throws(V4L2Error) -> Result<Frame, CameraFrameConverter.ConversionError>?
    /// The settable controls with their current values, those with a ``CameraControl/purpose`` in
    /// `purposes` only when it is given.
    func controlStates(purposes: Set<CameraControl.Purpose>?) -> [CameraControlState]
    /// Sets `control` to `value` and returns the value the driver reports back (nil for a button).
    func set(_ control: CameraControl, to value: Int64) throws(CameraCapture.Failure) -> Int64?
}

extension CameraCapture: CameraDevice {}

/// What the camera loop opens devices with and tells time by: the real camera and the monotonic clock,
/// or, in tests, a fake device and a clock the fake advances.
public struct CameraLoopEnvironment: Sendable {
    /// Opens the device for a request and starts streaming.
    public var open: @Sendable (CaptureRequest) throws(CameraCapture.Failure) -> any CameraDevice
    /// Milliseconds of a monotonic clock (any origin: only differences count).
    public var nowMs: @Sendable () -> Int
    /// Waits `ms` milliseconds while no device is open (between reopen attempts).
    public var sleep: @Sendable (_ ms: Int) -> Void

    public init(
        open: @escaping @Sendable (CaptureRequest) throws(CameraCapture.Failure) -> any CameraDevice,
        nowMs: @escaping @Sendable () -> Int, sleep: @escaping @Sendable (_ ms: Int) -> Void
    ) {
        self.open = open
        self.nowMs = nowMs
        self.sleep = sleep
    }

    /// V4L2 devices through ``CameraCapture`` and `ContinuousClock`.
    public static var v4l2: CameraLoopEnvironment {
        let clock = ContinuousClock()
        let start = clock.now
        return CameraLoopEnvironment(
            open: { request throws(CameraCapture.Failure) in try CameraCapture(request) },
            nowMs: {
                let d = clock.now - start
                return Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
            },
            sleep: { ms in Thread.sleep(forTimeInterval: Double(ms) / 1000) })
    }
}
