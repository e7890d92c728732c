import Foundation
import ScanCamera

/// A camera input that lets other parts of the session read and change its controls (the preview page).
public protocol CameraControlling: Input {
    /// The channel to its capture thread.
    var controlChannel: CameraControlChannel { get }
}

/// The focus, exposure and zoom controls of one camera input, between its capture thread (which owns the
/// device) and other threads.
///
/// The capture thread publishes the controls when the device opens (``opened(device:controls:)``) and
/// carries out waiting requests between frames (``serve(_:)``); another thread reads ``snapshot`` and
/// asks for a change with ``set(_:to:timeoutSeconds:)``, which waits until the capture thread did it. No
/// device call ever happens on the asking thread, and the capture loop never waits for it.
public final class CameraControlChannel: @unchecked Sendable {
    /// The controls as last published.
    public struct Snapshot: Sendable, Equatable {
        /// The device node.
        public var device: String
        /// Whether the device is open now (controls can be changed only then).
        public var isOpen: Bool
        /// Settable controls with a focus, exposure or zoom purpose, in the driver's order.
        public var controls: [CameraControlState]
    }

    /// Why a change was not made.
    public enum SetError: Error, Equatable, CustomStringConvertible {
        /// The camera is not open (it is being reopened, or it failed).
        case notOpen(device: String)
        /// No focus, exposure or zoom control of that name.
        case unknown(name: String, known: [String])
        /// The value is out of range, the control read-only, or the driver refused.
        case refused(String)
        /// The capture thread did not get to it in time.
        case timedOut

        public var description: String {
            switch self {
            case .notOpen(let device): return "\(device) is not open"
            case .unknown(let name, let known):
                return
                    "no focus, exposure or zoom control '\(name)' (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
            case .refused(let why): return why
            case .timedOut: return "the camera did not answer in time"
            }
        }
    }

    private struct Request {
        let id: Int
        let control: CameraControl
        let value: Int64
    }

    // All state is guarded by `condition`.
    private let condition = NSCondition()
    private var current: Snapshot
    private var pending: [Request] = []
    private var results: [Int: Result<CameraControlState, SetError>] = [:]
    private var nextID = 1

    public init(device: String) { current = Snapshot(device: device, isOpen: false, controls: []) }

    /// The controls as the capture thread last published them.
    public var snapshot: Snapshot {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// Sets control `name` (its key, as ``CameraControl/key``, or a legacy name) to `value`, waiting up to
    /// `timeoutSeconds` for the capture thread; returns the control as the driver has it afterwards.
    public func set(_ name: String, to value: Int64, timeoutSeconds: Double = 2) -> Result<CameraControlState, SetError>
    {
        condition.lock()
        defer { condition.unlock() }
        guard current.isOpen else { return .failure(.notOpen(device: current.device)) }
        guard let control = CameraControl.resolve(name, among: current.controls.map(\.control)) else {
            return .failure(.unknown(name: name, known: current.controls.map(\.control.key)))
        }
        let id = nextID
        nextID += 1
        pending.append(Request(id: id, control: control, value: value))
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while results[id] == nil && condition.wait(until: deadline) {}
        guard let result = results.removeValue(forKey: id) else {
            pending.removeAll { $0.id == id }
            return .failure(.timedOut)
        }
        return result
    }

    // MARK: the capture thread's side

    /// The device opened with these controls (already filtered to the purposes offered).
    public func opened(device: String, controls: [CameraControlState]) {
        condition.lock()
        current = Snapshot(device: device, isOpen: true, controls: controls)
        condition.broadcast()
        condition.unlock()
    }

    /// The device closed: waiting requests fail.
    public func closed() {
        condition.lock()
        current.isOpen = false
        for request in pending { results[request.id] = .failure(.notOpen(device: current.device)) }
        pending = []
        condition.broadcast()
        condition.unlock()
    }

    /// Carries out the waiting requests with `apply` (which sets the control on the device and returns
    /// every control as it is afterwards, or why it failed). Returns at once when nothing waits.
    public func serve(_ apply: (CameraControl, Int64) -> Result<[CameraControlState], SetError>) {
        condition.lock()
        let requests = pending
        pending = []
        condition.unlock()
        guard !requests.isEmpty else { return }
        for request in requests {
            let outcome = apply(request.control, request.value)
            condition.lock()
            switch outcome {
            case .success(let controls):
                current.controls = controls
                if let state = controls.first(where: { $0.control.id == request.control.id }) {
                    results[request.id] = .success(state)
                } else {
                    results[request.id] = .failure(.refused("control '\(request.control.key)' is gone"))
                }
            case .failure(let error):
                results[request.id] = .failure(error)
            }
            condition.broadcast()
            condition.unlock()
        }
    }
}
