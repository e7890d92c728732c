import Dispatch
import Foundation
import ScanSession

/// `scanctl run [options] SESSION.yaml`: runs a session until its inputs end, a limit is reached, or
/// SIGINT/SIGTERM.
enum RunCommand {
    struct Settings {
        var session = SessionBuilder.Settings()
        var authorizeCamera = false
    }

    static let options: [CommandOption<Settings>] = [
        CommandOption.flag(
            OptionSpec(
                names: ["--once"],
                summary: "Stop after the first confirmed event (exit 1 if the inputs end without one)."),
            sets: \.session.limits.once),
        CommandOption.integer(
            OptionSpec(names: ["--max-events"], value: "N", summary: "Stop after N events were sent to the outputs."),
            in: 1...Int(Int32.max), into: \.session.limits.maxEvents),
        CommandOption(
            OptionSpec(names: ["--duration"], value: "S", summary: "Stop after S seconds (a decimal number).")
        ) { s, _, value in
            let text = value ?? ""
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw OptionParser.UsageError(description: "--duration takes a number of seconds, not '\(text)'")
            }
            s.session.limits.duration = seconds
        },
        CommandOption.flag(
            OptionSpec(
                names: ["--raw"],
                summary: "Every stdout output prints the payload of each confirmed code as it is, one per line "
                    + "(format: raw), e.g. code=$(scanctl run --once --raw s.yaml)."),
            sets: \.session.rawStdout),
        CommandOption.flag(
            OptionSpec(names: ["--no-progress"], summary: "No progress bars on stderr for file inputs."),
            sets: \.session.showProgress, to: false),
        CommandOption(
            OptionSpec(
                names: ["--authorize"], value: "camera",
                summary: "Allow the session's cameras for this run where 'authorization: camera: ask' would ask "
                    + "and there is no terminal (nothing is remembered).", completion: .choices(["camera"]))
        ) { s, _, value in
            guard value == "camera" else {
                throw OptionParser.UsageError(description: "--authorize takes 'camera', not '\(value ?? "")'")
            }
            s.authorizeCamera = true
        },
    ]

    static let spec = CommandSpec(
        name: "run", usage: ["run [options] SESSION.yaml"],
        summary: "Run a session file: inputs, decoding, outputs (scanctl-session(5)).",
        description: [
            "Runs a session: reads its inputs, decodes every frame for the connections reading it, and sends the "
                + "events to the outputs (see scanctl-session(5) and Docs/sessions.md). The session file is checked "
                + "first, as by 'scanctl validate'; nothing is opened when it has problems.",
            "A 'format: text' output prints 'ORIGIN: FORMAT: VALUE' per code, where ORIGIN is the file path (file "
                + "inputs, in file order) or 'INPUT frame N' (stdin and cameras); line breaks in values are escaped.",
            "SIGINT or SIGTERM stops the inputs, decodes what was read, flushes files, delivers or spools webhook "
                + "events, and exits as below; a second signal exits at once with status 1. A summary line goes to "
                + "stderr at the end: frames, symbols, dropped frames, errors, undelivered events, and what failed "
                + "('; FAILED: 3 items failed'); with -q only what failed, as an error.",
        ],
        groups: [OptionGroup(title: "OPTIONS", options: options.map(\.spec))],
        operands: [.sessions],
        exitStatus: "0 done, 1 runtime failure (an output could not be opened; an item failed: an unreadable file, "
            + "a truncated frame, a failed write; events left undelivered with no spool holding them; --once "
            + "without a confirmed event; a camera that stalled and was reopened does not fail the run), 2 usage "
            + "or configuration error, 3 no input could be authorized (every input is a camera that is "
            + "denied, restricted or not determined; see Docs/camera.md). When some cameras are refused and other "
            + "inputs remain, the others run and each refusal is printed.")

    static func run(_ arguments: [String]) -> Int32 {
        var parsed = Settings()
        let operands: [String]
        switch spec.start(
            arguments, options, into: &parsed, operands: CommandSpec.expect(1, "run takes one session file"))
        {
        case .exit(let status): return status
        case .operands(let list): operands = list
        }
        var settings = parsed.session
        let authorizeCamera = parsed.authorizeCamera
        if Console.verbosity == .quiet { settings.showProgress = false }
        guard case .success(let loaded) = ValidateCommand.loadSession(operands[0]) else { return ExitStatus.usage }
        for line in plan(loaded.config) { Console.detail(line) }
        switch authorizeCameras(loaded.config, grantedOnCommandLine: authorizeCamera) {
        case .success(let allowed): settings.authorizedCameras = allowed
        case .failure: return ExitStatus.denied
        }
        let coordinator: Coordinator
        do {
            coordinator = try SessionBuilder.coordinator(
                for: loaded.config, registry: loaded.registry, settings: settings,
                diagnostics: { Console.error($0) }, info: { Console.info($0) })
        } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        let signals = installSignalHandlers(coordinator)
        defer { for source in signals { source.cancel() } }
        let summary: RunSummary
        do {
            summary = try coordinator.run()
        } catch {
            Console.error(error.description)
            return ExitStatus.runtimeFailure
        }
        if let failure = summary.failure {
            if Console.verbosity == .quiet {
                Console.error("session '\(coordinator.session)': \(failure)")
            } else {
                Console.summary("scanctl: session '\(coordinator.session)': \(summary.line); \(failure)")
            }
        } else {
            Console.summary("scanctl: session '\(coordinator.session)': \(summary.line)")
        }
        if settings.limits.once && summary.confirmed == 0 {
            Console.error("no confirmed event before the inputs ended")
            return ExitStatus.runtimeFailure
        }
        return summary.failed ? ExitStatus.runtimeFailure : ExitStatus.success
    }

    /// What `-v` says before the run: each input, output and connection in a line.
    static func plan(_ config: SessionConfig) -> [String] {
        var lines: [String] = []
        for input in config.inputs {
            let what: String
            switch input.kind {
            case .file(let c): what = "files \(c.paths.joined(separator: " "))\(c.watch ? ", watched" : "")"
            case .stdin(let c):
                what =
                    "raw \(c.pixelFormat.rawValue) \(c.width)x\(c.height) frames on stdin"
                    + (c.live ? ", live" : "") + (c.dropsFrames ? ", dropping frames when busy" : "")
            case .v4l2(let c): what = "camera \(c.device)"
            }
            lines.append("session '\(config.name)': input '\(input.id.value)': \(what)")
        }
        for output in config.outputs {
            let what: String
            switch output.kind {
            case .stdout(let c): what = "stdout, \(c.format.rawValue)"
            case .file(let c): what = "file \(c.path), \(c.format.rawValue)"
            case .webhook(let c): what = "webhook \(SecretRedaction.url(c.url))"
            case .preview(let c): what = "preview page on \(c.address) port \(c.port)"
            }
            let events = EventKind.allCases.filter(output.events.contains).map(\.rawValue).joined(separator: ", ")
            lines.append("session '\(config.name)': output '\(output.id.value)': \(what) (\(events))")
        }
        for c in config.connections {
            let formats =
                c.symbologies.isEmpty ? "every format" : c.symbologies.map(\.value.name).joined(separator: ", ")
            lines.append(
                "session '\(config.name)': \(c.from.value) → \(c.to.map(\.value).joined(separator: ", ")): \(formats)")
        }
        return lines
    }

    /// Runs the authorization gate for every camera input, printing each refusal. Fails when no input at
    /// all remains (exit 3); otherwise returns the ids of the cameras that may be opened.
    static func authorizeCameras(_ config: SessionConfig, grantedOnCommandLine: Bool) -> Result<Set<String>, Denied> {
        let authorizer = CameraAuthorizer(
            store: CameraAuthorizationStore(), hasTerminal: isatty(STDIN_FILENO) != 0 && isatty(STDERR_FILENO) != 0,
            grantedOnCommandLine: grantedOnCommandLine, ask: askOnTerminal)
        var allowed: Set<String> = []
        var others = 0
        for input in config.inputs {
            guard case .v4l2(let c) = input.kind else {
                others += 1
                continue
            }
            let decision = authorizer.authorize(
                session: config.name, device: c.device, policy: config.authorization.camera)
            if decision.allowed {
                allowed.insert(input.id.value)
            } else {
                Console.error("input '\(input.id.value)': \(decision.status.rawValue): \(decision.reason)")
            }
        }
        if others == 0 && allowed.isEmpty && !config.inputs.isEmpty {
            Console.error("no input of session '\(config.name)' could be authorized; nothing to run")
            return .failure(Denied())
        }
        return .success(allowed)
    }

    struct Denied: Error {}

    /// Writes the question on stderr and reads a line from stdin: y or yes (any case) is yes.
    @Sendable static func askOnTerminal(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(question) ".utf8))
        guard let line = readLine() else { return false }
        return ["y", "yes"].contains(line.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// SIGINT and SIGTERM stop the session; a second one exits at once.
    static func installSignalHandlers(_ coordinator: Coordinator) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if coordinator.isStopping {
                    Console.error("stopping at once")
                    exit(ExitStatus.runtimeFailure)
                }
                coordinator.stop()
            }
            source.resume()
            return source
        }
    }
}
