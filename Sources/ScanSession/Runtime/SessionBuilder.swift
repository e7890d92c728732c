import ScanCore

/// Builds the running parts of a validated session: its inputs, outputs and connection plans, wired into
/// a ``Coordinator``.
public enum SessionBuilder {
    /// A part of the session this build cannot run.
    public struct Unsupported: Error, CustomStringConvertible {
        public var description: String
    }

    /// Options of `scanctl run` that are not in the session file.
    public struct Settings: Sendable {
        /// `--once`, `--max-events`, `--duration`.
        public var limits = RunLimits()
        /// Draw progress bars on stderr when it is a terminal. Default: true.
        public var showProgress = true
        /// Every stdout output writes `format: raw` (`scanctl run --raw`). Default: false.
        public var rawStdout = false
        /// Ids of the `v4l2` inputs the authorization gate allowed. Other camera inputs are left out with
        /// their connections: a camera that is not authorized is never opened. Default: none.
        public var authorizedCameras: Set<String> = []
        public init() {}
    }

    /// The coordinator for `config`, decoding with `registry`.
    /// Camera inputs not in `settings.authorizedCameras` are left out, with the connections reading them.
    /// - Parameters:
    ///   - diagnostics: receives problems, one line each (scanctl prints them as errors).
    ///   - info: receives information that is not a problem, one line each: the mode each camera opened
    ///     with, the events a webhook spool holds, the address of each preview page (scanctl prints it with an
    ///     `info:` prefix).
    /// - Throws: ``Unsupported`` for an input or output kind this build cannot open.
    public static func coordinator(
        for config: SessionConfig, registry: DecoderRegistry, settings: Settings = Settings(),
        diagnostics: @escaping @Sendable (String) -> Void, info: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(Unsupported) -> Coordinator {
        var inputs: [any Input] = []
        var skipped: Set<String> = []
        // Colour is decoded only for a preview page, the one output that shows frames.
        let showsFrames = config.outputs.contains { if case .preview = $0.kind { true } else { false } }
        for input in config.inputs {
            switch input.kind {
            case .file(let c):
                inputs.append(
                    FileInput(
                        id: input.id.value, config: c, showProgress: settings.showProgress,
                        luminanceOnly: !showsFrames))
            case .stdin(let c):
                inputs.append(StdinInput(id: input.id.value, config: c))
            case .v4l2(let c):
                guard settings.authorizedCameras.contains(input.id.value) else {
                    skipped.insert(input.id.value)
                    continue
                }
                inputs.append(V4L2Input(id: input.id.value, config: c, info: info))
            }
        }
        var outputs: [OutputPlan] = []
        for output in config.outputs {
            let made: any Output
            switch output.kind {
            case .stdout(let c):
                made = StdoutOutput(
                    id: output.id.value, format: settings.rawStdout ? .raw : c.format, events: output.events)
            case .file(let c):
                made = FileOutput(id: output.id.value, config: c)
            case .webhook(let c):
                made = WebhookOutput(id: output.id.value, config: c, diagnostics: diagnostics, info: info)
            case .preview(let c):
                made = PreviewOutput(id: output.id.value, config: c, info: info, diagnostics: diagnostics)
            }
            outputs.append(OutputPlan(output: made, events: output.events))
        }
        let plans = config.connections.enumerated().map { ConnectionPlan($1, index: $0) }
            .filter { !skipped.contains($0.input) }
        return Coordinator(
            session: config.name, inputs: inputs, outputs: outputs, connections: plans, registry: registry,
            limits: settings.limits, diagnostics: diagnostics)
    }
}
