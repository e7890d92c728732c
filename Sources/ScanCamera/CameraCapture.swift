import Foundation
import ScanCore

/// What a session asks of a camera (the keys of a `type: v4l2` input).
public struct CaptureRequest: Sendable, Equatable {
    /// The device node.
    public var device: String
    /// Format, size and rate to negotiate.
    public var mode: ModeRequest
    /// Driver buffers for mmap streaming.
    public var buffers: Int
    /// Controls to set, by name (``CameraControl/resolve(_:among:)``), in the order given.
    public var controls: [(name: String, value: Int64)]

    public init(device: String, mode: ModeRequest, buffers: Int = 4, controls: [(name: String, value: Int64)] = []) {
        self.device = device
        self.mode = mode
        self.buffers = buffers
        self.controls = controls
    }

    public static func == (a: CaptureRequest, b: CaptureRequest) -> Bool {
        a.device == b.device && a.mode == b.mode && a.buffers == b.buffers
            && a.controls.map(\.name) == b.controls.map(\.name) && a.controls.map(\.value) == b.controls.map(\.value)
    }
}

/// An open, configured, streaming camera: opens the device, checks it captures, negotiates the mode, sets
/// the controls and starts streaming; then hands out frames.
///
/// ```swift
/// let capture = try CameraCapture(request)
/// print(capture.mode)        // yuyv 640x480 @ 30 fps
/// _ = try capture.next(timeoutMs: 100) { frame in … }
/// ```
public final class CameraCapture {
    /// The chosen mode, with how it differs from the request.
    public let mode: NegotiatedMode
    /// Notes for the user: controls that could not be set, the I/O method when it is read().
    public let warnings: [String]
    let device: V4L2Device
    private let stream: V4L2Stream
    private let applied: AppliedFormat
    private var sequence = 0

    /// Failures opening a camera: a V4L2 call, or a device that cannot serve the session.
    public enum Failure: Error, CustomStringConvertible {
        case system(V4L2Error)
        /// Not a capture device, or no readable format: retrying does not help.
        case unusable(String)

        /// Whether reopening later cannot help.
        public var isPermanent: Bool {
            switch self {
            case .unusable: return true
            case .system(let e): return e.isPermissionDenied || e.isNotV4L2
            }
        }

        public var description: String {
            switch self {
            case .system(let e): return e.description
            case .unusable(let text): return text
            }
        }
    }

    /// Opens and starts the camera for `request`.
    public init(_ request: CaptureRequest) throws(Failure) {
        do {
            device = try V4L2Device(path: request.device)
            let caps = try device.capabilities()
            guard caps.canCapture else {
                throw Failure.unusable("\(request.device) (\(caps.card)) is not a video capture device")
            }
            let formats = device.formats()
            var chosen: NegotiatedMode
            do {
                chosen = try ModeNegotiation.negotiate(request.mode, among: formats) { [device] in
                    device.frameRates($0, $1)
                }
            } catch {
                throw Failure.unusable("\(request.device): \(error)")
            }
            let applied = try device.setFormat(chosen.pixelFormat.fourcc, chosen.size)
            if applied.size != chosen.size {
                chosen.differences.append("the driver set \(applied.size) instead of \(chosen.size)")
                chosen.size = applied.size
            }
            guard let pf = CameraPixelFormat(fourcc: applied.fourcc) else {
                throw Failure.unusable(
                    "\(request.device): the driver set pixel format \(applied.fourcc), which scanctl cannot read")
            }
            if pf != chosen.pixelFormat {
                chosen.differences.append("the driver set \(pf.rawValue) instead of \(chosen.pixelFormat.rawValue)")
                chosen.pixelFormat = pf
            }
            // What the driver set (or, with no rate to ask for, delivers) is what the mode reports.
            let rate: Double? = if let fps = chosen.fps { device.setFrameRate(fps) } else { device.frameRate() }
            chosen.recordDriverRate(rate)
            var warnings: [String] = []
            let controls = request.controls.isEmpty ? [] : device.controls()
            for (name, value) in request.controls {
                guard let control = CameraControl.resolve(name, among: controls) else {
                    let names = controls.filter(\.isSettable).map(\.key).joined(separator: ", ")
                    warnings.append(
                        "\(request.device) has no control '\(name)' (it has: \(names.isEmpty ? "none" : names))")
                    continue
                }
                if let problem = control.problem(with: value) {
                    warnings.append("\(request.device): \(problem)")
                    continue
                }
                do { try device.setControl(id: control.id, value: Int32(clamping: value)) } catch {
                    warnings.append("setting control '\(control.key)' to \(value): \(error)")
                }
            }
            stream = try V4L2Stream(
                device: device, capabilities: caps, bufferCount: request.buffers, sizeImage: applied.sizeImage)
            if stream.io == .read {
                warnings.append("\(request.device): the driver offers no streaming; using read() I/O")
            }
            self.applied = applied
            self.mode = chosen
            self.warnings = warnings
        } catch let error as V4L2Error {
            throw .system(error)
        } catch let error as Failure {
            throw error
        } catch {
            throw .unusable("\(error)")
        }
    }

    /// Waits up to `timeoutMs` for the next frame and converts it. Returns nil when none came in time.
    /// A buffer that does not convert is `.failure(message)`; the stream goes on.
    /// - Throws: ``V4L2Error`` when the device fails (`isDeviceGone` after an unplug).
    public func next(timeoutMs: Int) throws(V4L2Error) -> Result<Frame, CameraFrameConverter.ConversionError>? {
        var result: Result<Frame, CameraFrameConverter.ConversionError>?
        let mode = self.mode
        let applied = self.applied
        let source = device.path
        let number = sequence
        let got = try stream.next(timeoutMs: timeoutMs) { bytes in
            result = Result { () throws(CameraFrameConverter.ConversionError) -> Frame in
                try CameraFrameConverter.frame(
                    from: bytes, format: mode.pixelFormat, width: applied.size.width, height: applied.size.height,
                    bytesPerLine: applied.bytesPerLine, sequence: number, timestamp: Date(), source: source)
            }
        }
        if got { sequence += 1 }
        return got ? result : nil
    }
}
