import BuiltinPlugins
import ScanPluginLoader
import ScanSession

/// `scanctl validate SESSION.yaml`: checks a session file without opening any input or output.
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate", usage: ["validate SESSION.yaml"],
        summary: "Check a session file and list every problem with its line and column.",
        description: [
            "Checks a session file: YAML syntax, keys and types, ${VAR} environment variables, plugins, "
                + "symbologies, regions of interest, ids and the connections between inputs and outputs. Prints "
                + "every problem with its file, line and column, or 'ok'. Nothing is opened but the plugin "
                + "libraries (the session's plugins: and the plugin folders', to learn their formats). Secrets "
                + "written inline (user information in a URL, credential query values, literal Authorization "
                + "headers) are warned about, pointing to ${VAR}. See scanctl-session(5)."
        ],
        groups: [], operands: [.sessions],
        exitStatus: "0 when the session is valid (warnings may be printed), 2 otherwise (also for a file over "
            + "4 MiB or nested more than 64 levels deep).")

    static func run(_ arguments: [String]) -> Int32 {
        var none: Void = ()
        let operands: [String]
        switch spec.start(
            arguments, [CommandOption<Void>](), into: &none,
            operands: CommandSpec.expect(1, "validate takes one session file"))
        {
        case .exit(let status): return status
        case .operands(let list): operands = list
        }
        switch loadSession(operands[0]) {
        case .success:
            print("ok")
            return ExitStatus.success
        case .failure:
            return ExitStatus.usage
        }
    }

    /// Loads and checks a session, printing its problems (errors and warnings) on stderr. The session
    /// decodes with the built-in plugins, its `plugins:` and those of the plugin folders
    /// (``SessionLoader/Loaded/registry``).
    static func loadSession(_ path: String) -> Result<SessionLoader.Loaded, ConfigProblems> {
        do {
            let loaded = try SessionLoader.load(
                path: path, registry: BuiltinPlugins.registry(), pluginFolders: PluginFolders.search())
            for warning in loaded.warnings { Console.rawWarning(warning.rendered) }
            return .success(loaded)
        } catch {
            for problem in error.problems {
                if problem.severity == .warning {
                    Console.rawWarning(problem.rendered)
                } else {
                    Console.raw(problem.rendered)
                }
            }
            let count = error.errorCount
            Console.raw("\(count) error\(count == 1 ? "" : "s") in \(path)")
            return .failure(error)
        }
    }
}
