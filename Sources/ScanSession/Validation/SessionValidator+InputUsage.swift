/// Reports inputs that cannot run as written: an input no connection reads (a warning), more than one
/// `stdin` input, and two `v4l2` inputs on the same device (a device streams to one reader).
public struct InputUsageValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        var out: [ValidationFinding] = []
        let read = Set(config.connections.map(\.from.value))
        var stdinSeen = false
        var devices: [String: String] = [:]
        for input in config.inputs {
            if !read.contains(input.id.value) {
                out.append(
                    ValidationFinding(
                        input.id.mark, "input '\(input.id.value)' is not read by any connection", severity: .warning))
            }
            switch input.kind {
            case .stdin:
                if stdinSeen {
                    out.append(ValidationFinding(input.id.mark, "only one input can read standard input"))
                }
                stdinSeen = true
            case .v4l2(let c):
                if let other = devices[c.device] {
                    out.append(
                        ValidationFinding(
                            input.id.mark,
                            "input '\(input.id.value)' uses \(c.device), which input '\(other)' already reads; read it once and connect that input to several outputs"
                        ))
                } else {
                    devices[c.device] = input.id.value
                }
            case .file:
                break
            }
        }
        return out
    }
}
