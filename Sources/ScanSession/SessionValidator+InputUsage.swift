/// Reports inputs that cannot run as written: an input no connection reads (a warning), more than one
/// `stdin` input, and `v4l2` inputs, which this build cannot open yet.
public struct InputUsageValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        var out: [ValidationFinding] = []
        let read = Set(config.connections.map(\.from.value))
        var stdinSeen = false
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
            case .v4l2:
                out.append(
                    ValidationFinding(
                        input.mark,
                        "v4l2 inputs are not available in this build yet (the camera input is a later issue)"))
            case .file:
                break
            }
        }
        return out
    }
}
