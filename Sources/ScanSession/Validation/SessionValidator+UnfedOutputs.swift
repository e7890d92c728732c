/// Reports an output that no connection sends events to (almost always a typo in a `to:` list).
public struct UnfedOutputValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        let fed = Set(config.connections.flatMap { $0.to.map(\.value) })
        return config.outputs.filter { !fed.contains($0.id.value) }.map {
            ValidationFinding($0.id.mark, "output '\($0.id.value)' is not fed by any connection")
        }
    }
}
