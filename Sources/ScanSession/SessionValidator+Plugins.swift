/// Warns about `plugins:` entries: this build does not load plugins at run time yet (the C function-table
/// loader of ARCHITECTURE §3 is a later issue), so the libraries named there are ignored.
public struct PluginListValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        config.plugins.map {
            ValidationFinding(
                $0.mark, "plugin '\($0.value)' is ignored: this build does not load plugins at run time yet",
                severity: .warning)
        }
    }
}
