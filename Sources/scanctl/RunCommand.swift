import Dispatch
import Foundation
import ScanSession

/// `scanctl run [options] SESSION.yaml`: runs a session until its inputs end, a limit is reached, or
/// SIGINT/SIGTERM.
enum RunCommand {
    static let help = """
        USAGE: scanctl run [options] SESSION.yaml

        Runs a session: reads its inputs, decodes every frame for the connections reading it, and sends the
        events to the outputs (see Docs/sessions.md). The session file is checked first, as by
        'scanctl validate'; nothing is opened when it has problems.

        OPTIONS:
          --once             Stop after the first confirmed event (exit 1 if the inputs end without one).
          --max-events N     Stop after N events were sent to the outputs.
          --duration S       Stop after S seconds (a decimal number).
          --no-progress      No progress bar on stderr for file inputs.
          --authorize camera Allow the session's cameras for this run where 'authorization: camera: ask'
                             would ask and there is no terminal (nothing is remembered).
          -h, --help         Show this help.

        SIGINT or SIGTERM stops the inputs, decodes what was read, flushes files, delivers or spools webhook
        events, and exits as above; a second signal exits at once with status 1. A summary line goes to stderr at
        the end: frames, symbols, dropped frames, errors, undelivered events.

        EXIT STATUS: 0 done, 1 runtime failure (an output could not be opened; an item failed: an unreadable
        file, a truncated frame, a failed write; events left undelivered with no spool holding them; --once
        without a confirmed event), 2 usage or configuration error, 3 no input could be authorized (every
        input is a camera that is denied, restricted or not determined; see Docs/camera.md). When some
        cameras are refused and other inputs remain, the others run and each refusal is printed.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var p = OptionParser(arguments)
        var settings = SessionBuilder.Settings()
        var authorizeCamera = false
        do {
            while let option = p.nextOption() {
                switch option {
                case "-h", "--help":
                    print(help)
                    return ExitStatus.success
                case "--once":
                    try p.flag(option)
                    settings.limits.once = true
                case "--no-progress":
                    try p.flag(option)
                    settings.showProgress = false
                case "--authorize":
                    let what = try p.value(for: option)
                    guard what == "camera" else {
                        throw OptionParser.UsageError(description: "--authorize takes 'camera', not '\(what)'")
                    }
                    authorizeCamera = true
                case "--max-events": settings.limits.maxEvents = try p.integer(for: option, in: 1...Int(Int32.max))
                case "--duration":
                    let text = try p.value(for: option)
                    guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                        throw OptionParser.UsageError(
                            description: "--duration takes a number of seconds, not '\(text)'")
                    }
                    settings.limits.duration = seconds
                default: throw OptionParser.UsageError(description: "unknown option '\(option)'")
                }
            }
            guard p.operands.count == 1 else {
                throw OptionParser.UsageError(description: "run takes one session file")
            }
        } catch {
            Console.error("\(error)\nRun 'scanctl run --help' for usage.")
            return ExitStatus.usage
        }
        guard case .success(let loaded) = ValidateCommand.loadSession(p.operands[0]) else { return ExitStatus.usage }
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
        let failure = summary.failure.map { "; \($0)" } ?? ""
        Console.raw("scanctl: session '\(coordinator.session)': \(summary.line)\(failure)")
        if settings.limits.once && summary.confirmed == 0 {
            Console.error("no confirmed event before the inputs ended")
            return ExitStatus.runtimeFailure
        }
        return summary.failed ? ExitStatus.runtimeFailure : ExitStatus.success
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
