import ScanCamera

/// The camera permission of one session for one device, as a value-type state machine modelled on a
/// phone's camera permission (statuses `not_determined`, `restricted`, `denied`, `authorized`).
///
/// ```swift
/// var gate = CameraAuthorizationGate(session: "dock", device: "/dev/video0", policy: .ask,
///                                    hasTerminal: true, grantedOnCommandLine: false)
/// var action = gate.begin()                      // .checkDeviceAccess("/dev/video0")
/// action = gate.deviceAccess(.accessible)        // .lookUpRemembered
/// action = gate.remembered(nil)                  // .prompt("Allow session dock to use camera /dev/video0? [y/N]")
/// action = gate.answered(true)                   // .remember(true)
/// action = gate.stored()                         // .allow
/// ```
///
/// The caller performs each ``Action`` and feeds the outcome back; the machine never touches the device,
/// the terminal or the state file, so every transition is tested without them. The device is never
/// opened to decide: access is checked with `access(2)`, which opens nothing.
///
/// Order: the operating system first (a node this user may not open is `restricted`, whatever the
/// session says), then the session's `authorization: camera:` — `denied` and `authorized` decide at
/// once; `ask` uses a remembered answer, else asks on the terminal (and remembers the answer), else
/// `--authorize camera` on the command line allows this run, else the camera is refused.
public struct CameraAuthorizationGate: Sendable, Equatable {
    /// The permission statuses.
    public enum Status: String, Sendable, CaseIterable {
        /// Nobody has decided yet (and nobody could be asked).
        case notDetermined = "not_determined"
        /// The operating system refuses this user the device node (EACCES).
        case restricted
        /// The session or the user said no.
        case denied
        /// The session or the user said yes.
        case authorized
    }

    /// What `access(2)` says about the device node.
    public enum DeviceAccess: Sendable, Equatable {
        /// Readable and writable by this user.
        case accessible
        /// It exists, but this user may not open it.
        case permissionDenied
        /// There is no such node now (it may appear later: the input retries opening it).
        case missing
    }

    /// Where the decision is.
    public enum State: Sendable, Equatable {
        case initial
        case checkingDevice
        case lookingUp
        case asking
        case remembering(Bool)
        /// Decided: the status and, when refused, why.
        case decided(Status, allowed: Bool, reason: String)
    }

    /// What the caller does next.
    public enum Action: Sendable, Equatable {
        /// Check the node with `access(path, R_OK | W_OK)`; report with ``deviceAccess(_:)``.
        case checkDeviceAccess(String)
        /// Read the remembered answer for this session and device; report with ``remembered(_:)``.
        case lookUpRemembered
        /// Ask `question` on the terminal; report with ``answered(_:)``.
        case prompt(String)
        /// Store the answer in the state file; then call ``stored()``.
        case remember(Bool)
        /// The camera may be opened.
        case allow
        /// The camera must not be opened; `message` says why and how to change it.
        case refuse(String)
        /// Nothing (an event out of place).
        case none
    }

    public let session: String
    public let device: String
    public let policy: Authorization.Camera
    public let hasTerminal: Bool
    public let grantedOnCommandLine: Bool
    public private(set) var state: State = .initial

    public init(
        session: String, device: String, policy: Authorization.Camera, hasTerminal: Bool, grantedOnCommandLine: Bool
    ) {
        self.session = session
        self.device = device
        self.policy = policy
        self.hasTerminal = hasTerminal
        self.grantedOnCommandLine = grantedOnCommandLine
    }

    /// The question asked on the terminal.
    public var question: String { "Allow session \(session) to use camera \(device)? [y/N]" }

    /// The status once decided, else nil.
    public var status: Status? {
        if case .decided(let status, _, _) = state { return status }
        return nil
    }

    /// Starts: check what the operating system allows.
    public mutating func begin() -> Action {
        guard state == .initial else { return .none }
        state = .checkingDevice
        return .checkDeviceAccess(device)
    }

    /// The outcome of ``Action/checkDeviceAccess(_:)``.
    public mutating func deviceAccess(_ access: DeviceAccess) -> Action {
        guard state == .checkingDevice else { return .none }
        if access == .permissionDenied {
            return decide(
                .restricted, allowed: false, "camera \(device) is restricted: " + V4L2Error.permissionHint(device))
        }
        switch policy {
        case .denied:
            return decide(
                .denied, allowed: false, "camera \(device) is denied by the session (authorization: camera: denied)")
        case .authorized:
            return decide(.authorized, allowed: true, "")
        case .ask:
            state = .lookingUp
            return .lookUpRemembered
        }
    }

    /// The outcome of ``Action/lookUpRemembered``: the remembered answer, or nil.
    public mutating func remembered(_ answer: Bool?) -> Action {
        guard state == .lookingUp else { return .none }
        switch answer {
        case true?:
            return decide(.authorized, allowed: true, "")
        case false?:
            return decide(
                .denied, allowed: false,
                "camera \(device) was denied for session \(session) (remembered; 'scanctl auth grant \(session)' allows it)"
            )
        case nil:
            if hasTerminal {
                state = .asking
                return .prompt(question)
            }
            if grantedOnCommandLine { return decide(.authorized, allowed: true, "") }
            return decide(
                .notDetermined, allowed: false,
                "camera \(device) needs authorization and there is no terminal to ask: run with '--authorize camera', or 'scanctl auth grant \(session)' once"
            )
        }
    }

    /// The answer typed at the prompt (anything but y/yes is no).
    public mutating func answered(_ yes: Bool) -> Action {
        guard state == .asking else { return .none }
        state = .remembering(yes)
        return .remember(yes)
    }

    /// The answer was stored.
    public mutating func stored() -> Action {
        guard case .remembering(let yes) = state else { return .none }
        return yes
            ? decide(.authorized, allowed: true, "")
            : decide(.denied, allowed: false, "camera \(device) was denied for session \(session) at the prompt")
    }

    private mutating func decide(_ status: Status, allowed: Bool, _ reason: String) -> Action {
        state = .decided(status, allowed: allowed, reason: reason)
        return allowed ? .allow : .refuse(reason)
    }
}
