/// Reports an `id` used by more than one input or output (inputs and outputs share one namespace, so a
/// connection's `from` and `to` can never be ambiguous).
public struct DuplicateIDValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        var seen: [String: (YAMLMark, String)] = [:]
        var out: [ValidationFinding] = []
        let all = config.inputs.map { ($0.id, "input") } + config.outputs.map { ($0.id, "output") }
        for (id, what) in all {
            if let (first, firstWhat) = seen[id.value] {
                out.append(
                    ValidationFinding(
                        id.mark, "duplicate id '\(id.value)': already used by the \(firstWhat) at line \(first.line)"))
                _ = what
            } else {
                seen[id.value] = (id.mark, what)
            }
        }
        return out
    }
}
