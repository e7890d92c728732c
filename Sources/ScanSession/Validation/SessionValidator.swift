import ScanCore

/// One check over a loaded session that reports one kind of mistake, each at the place it was written.
///
/// Validators run after the YAML was read into ``SessionConfig`` (wrong types and unknown keys are caught
/// while reading); they compare parts of the session with each other and with the plugins available.
public protocol SessionValidator: Sendable {
    func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding]
}

/// What validators may consult besides the session itself.
public struct ValidationContext: Sendable {
    /// Formats some registered plugin serves.
    public var pluginFormats: Set<BarcodeFormat>
    public init(pluginFormats: Set<BarcodeFormat>) { self.pluginFormats = pluginFormats }
}

/// One mistake found by a validator, before it is rendered with the source line.
public struct ValidationFinding: Sendable, Equatable {
    /// Where the mistake was written.
    public var mark: YAMLMark
    /// What is wrong, in one sentence.
    public var message: String
    /// Whether it stops the session.
    public var severity: ConfigProblem.Severity
    public init(_ mark: YAMLMark, _ message: String, severity: ConfigProblem.Severity = .error) {
        self.mark = mark
        self.message = message
        self.severity = severity
    }
}
