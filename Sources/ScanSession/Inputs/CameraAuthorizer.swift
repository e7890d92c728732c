import Foundation

/// Runs ``CameraAuthorizationGate`` with real effects: `access(2)` on the device node, the state file, and
/// a prompt on the terminal.
///
/// ```swift
/// let authorizer = CameraAuthorizer(store: CameraAuthorizationStore(), hasTerminal: isatty(0) != 0,
///                                   grantedOnCommandLine: false, ask: { question in … })
/// let decision = authorizer.authorize(session: "dock", device: "/dev/video0", policy: .ask)
/// ```
public struct CameraAuthorizer: Sendable {
    /// The outcome for one camera.
    public struct Decision: Sendable, Equatable {
        public var status: CameraAuthorizationGate.Status
        /// Whether the camera may be opened.
        public var allowed: Bool
        /// Why not, and how to change it (empty when allowed).
        public var reason: String
    }

    /// Where answers are remembered.
    public var store: CameraAuthorizationStore
    /// Whether a prompt can be shown (standard input and error are terminals).
    public var hasTerminal: Bool
    /// `--authorize camera` was given.
    public var grantedOnCommandLine: Bool
    /// Shows the question and returns the answer (true for yes).
    public var ask: @Sendable (String) -> Bool
    /// What the operating system allows on a node (default: `access(2)`, which opens nothing).
    public var access: @Sendable (String) -> CameraAuthorizationGate.DeviceAccess = CameraAuthorizer.systemAccess

    public init(
        store: CameraAuthorizationStore, hasTerminal: Bool, grantedOnCommandLine: Bool,
        ask: @escaping @Sendable (String) -> Bool
    ) {
        self.store = store
        self.hasTerminal = hasTerminal
        self.grantedOnCommandLine = grantedOnCommandLine
        self.ask = ask
    }

    /// `access(path, R_OK | W_OK)`: accessible, permission denied (EACCES/EPERM), or missing.
    public static func systemAccess(_ path: String) -> CameraAuthorizationGate.DeviceAccess {
        if Glibc.access(path, R_OK | W_OK) == 0 { return .accessible }
        return errno == EACCES || errno == EPERM ? .permissionDenied : .missing
    }

    /// Decides whether `session` may open `device` under `policy`. A state file that cannot be read or
    /// written refuses the camera (with the reason).
    public func authorize(session: String, device: String, policy: Authorization.Camera) -> Decision {
        var gate = CameraAuthorizationGate(
            session: session, device: device, policy: policy, hasTerminal: hasTerminal,
            grantedOnCommandLine: grantedOnCommandLine)
        var action = gate.begin()
        while true {
            switch action {
            case .checkDeviceAccess(let path):
                action = gate.deviceAccess(access(path))
            case .lookUpRemembered:
                do {
                    action = gate.remembered(try store.answer(session: session, device: device))
                } catch {
                    return Decision(status: .notDetermined, allowed: false, reason: "camera \(device): \(error)")
                }
            case .prompt(let question):
                action = gate.answered(ask(question))
            case .remember(let yes):
                do { try store.set(session: session, device: device, yes) } catch {
                    return Decision(
                        status: yes ? .authorized : .denied, allowed: false,
                        reason: "camera \(device): the answer could not be remembered: \(error)")
                }
                action = gate.stored()
            case .allow:
                return Decision(status: gate.status ?? .authorized, allowed: true, reason: "")
            case .refuse(let reason):
                return Decision(status: gate.status ?? .denied, allowed: false, reason: reason)
            case .none:
                return Decision(status: .notDetermined, allowed: false, reason: "camera \(device): no decision")
            }
        }
    }
}
