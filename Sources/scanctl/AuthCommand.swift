import Foundation
import ScanSession

/// `scanctl auth status|grant|revoke SESSION`: shows and changes the remembered camera decisions.
enum AuthCommand {
    static let options: [CommandOption<String?>] = [
        CommandOption(
            OptionSpec(
                names: ["--device"], value: "DEVICE",
                summary: "Only the decision for this camera (grant needs it when SESSION is a name).",
                completion: .devices)
        ) { device, _, value in device = value }
    ]

    static let spec = CommandSpec(
        name: "auth",
        usage: [
            "auth status SESSION", "auth grant SESSION [--device DEVICE]", "auth revoke SESSION [--device DEVICE]",
        ],
        summary: "Show (status), grant or revoke a session's remembered camera decisions.",
        description: [
            "SESSION is a session file (its 'session:' name and the devices of its v4l2 inputs are used) or a "
                + "session name (then grant needs --device).",
            "status: for each camera, the device, the session's 'authorization: camera:', and the status: "
                + "authorized, denied, not_determined, or restricted (this user may not open the node). "
                + "grant: remember 'yes' for the session's cameras (or DEVICE): 'ask' no longer asks. "
                + "revoke: forget the decisions (or the one for DEVICE): 'ask' asks again.",
            "The decisions live in $XDG_STATE_HOME/scanctl/camera-authorizations.json (default "
                + "~/.local/state/scanctl/; for the scanctl@.service unit /var/lib/scanctl/), mode 0600. "
                + "See Docs/camera.md.",
        ],
        groups: [OptionGroup(title: "OPTIONS", options: options.map(\.spec))],
        operands: [.choices(["status", "grant", "revoke"]), .sessions],
        exitStatus: "0 done, 1 the state file cannot be read or written, 2 usage or session error.")

    static func checkOperands(_: inout String?, _ list: [String]) throws {
        guard list.count == 2, ["status", "grant", "revoke"].contains(list[0]) else {
            throw OptionParser.UsageError(description: "auth takes 'status', 'grant' or 'revoke' and a session")
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        var device: String?
        let operands: [String]
        switch spec.start(arguments, options, into: &device, operands: checkOperands) {
        case .exit(let status): return status
        case .operands(let list): operands = list
        }
        let verb = operands[0]
        let target = operands[1]
        var name = target
        var cameras: [(device: String, policy: Authorization.Camera?)] = []
        if FileManager.default.fileExists(atPath: target) {
            guard case .success(let loaded) = ValidateCommand.loadSession(target) else { return ExitStatus.usage }
            name = loaded.config.name
            for input in loaded.config.inputs {
                if case .v4l2(let c) = input.kind { cameras.append((c.device, loaded.config.authorization.camera)) }
            }
        }
        if let device {
            cameras = cameras.filter { $0.device == device }
            if cameras.isEmpty { cameras = [(device, nil)] }
        }
        let store = CameraAuthorizationStore()
        do {
            switch verb {
            case "grant":
                guard !cameras.isEmpty else {
                    Console.error("session '\(name)' has no camera input: name one with --device")
                    return ExitStatus.usage
                }
                for camera in cameras {
                    try store.set(session: name, device: camera.device, true)
                    print("\(name) \(camera.device): authorized")
                }
            case "revoke":
                if device == nil {
                    try store.forget(session: name)
                    print("\(name): decisions forgotten")
                } else {
                    for camera in cameras {
                        try store.set(session: name, device: camera.device, nil)
                        print("\(name) \(camera.device): not_determined")
                    }
                }
            default:
                let remembered = try store.load()[name] ?? [:]
                var devices = cameras
                for d in remembered.keys.sorted() where !devices.contains(where: { $0.device == d }) {
                    devices.append((d, nil))
                }
                if devices.isEmpty { print("\(name): no cameras and no remembered decisions") }
                for camera in devices {
                    let status = self.status(
                        session: name, device: camera.device, policy: camera.policy,
                        remembered: remembered[camera.device])
                    let policy = camera.policy.map { " (authorization: camera: \($0.rawValue))" } ?? ""
                    print("\(name) \(camera.device): \(status.rawValue)\(policy)")
                }
            }
        } catch {
            Console.error("\(error)")
            return ExitStatus.runtimeFailure
        }
        return ExitStatus.success
    }

    /// The status the gate would reach without asking anybody.
    static func status(session: String, device: String, policy: Authorization.Camera?, remembered: Bool?)
        -> CameraAuthorizationGate.Status
    {
        var gate = CameraAuthorizationGate(
            session: session, device: device, policy: policy ?? .ask, hasTerminal: false, grantedOnCommandLine: false)
        _ = gate.begin()
        if case .lookUpRemembered = gate.deviceAccess(CameraAuthorizer.systemAccess(device)) {
            _ = gate.remembered(remembered)
        }
        return gate.status ?? .notDetermined
    }
}
