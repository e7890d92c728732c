/// Reports a connection whose `from` names no input or whose `to` names no output, or names one output
/// twice (every result would reach it twice).
public struct ConnectionReferenceValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        let inputs = config.inputs.map(\.id.value)
        let outputs = config.outputs.map(\.id.value)
        var out: [ValidationFinding] = []
        let from = config.connections.map(\.from)
        for ref in from where !inputs.contains(ref.value) {
            let hint = outputs.contains(ref.value) ? " ('\(ref.value)' is an output)" : ""
            out.append(
                ValidationFinding(
                    ref.mark, "'from' names no input: '\(ref.value)'\(hint); inputs: \(Self.list(inputs))"))
        }
        for connection in config.connections {
            var named = Set<String>()
            for ref in connection.to where !named.insert(ref.value).inserted {
                out.append(ValidationFinding(ref.mark, "'to' names output '\(ref.value)' twice"))
            }
            for ref in connection.to where !outputs.contains(ref.value) {
                let hint = inputs.contains(ref.value) ? " ('\(ref.value)' is an input)" : ""
                out.append(
                    ValidationFinding(
                        ref.mark, "'to' names no output: '\(ref.value)'\(hint); outputs: \(Self.list(outputs))"))
            }
        }
        return out.sorted { ($0.mark.line, $0.mark.column) < ($1.mark.line, $1.mark.column) }
    }

    static func list(_ ids: [String]) -> String { ids.isEmpty ? "none" : ids.joined(separator: ", ") }
}
