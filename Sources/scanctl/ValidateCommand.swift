import BuiltinPlugins
import ScanPluginLoader
import ScanSession

/// `scanctl validate SESSION.yaml`: checks a session file without opening any input or output.
enum ValidateCommand {
    static let help = """
        USAGE: scanctl validate SESSION.yaml

        Checks a session file: YAML syntax, keys and types, ${VAR} environment variables, plugins,
        symbologies, regions of interest, ids and the connections between inputs and outputs. Prints every
        problem with its file, line and column, or 'ok'. Nothing is opened but the plugin libraries (the
        session's plugins: and the plugin folders', to learn their formats). See Docs/sessions.md.

        EXIT STATUS: 0 when the session is valid (warnings may be printed), 2 otherwise.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var p = OptionParser(arguments)
        while let option = p.nextOption() {
            switch option {
            case "-h", "--help":
                print(help)
                return ExitStatus.success
            default:
                Console.error("unknown option '\(option)'\nRun 'scanctl validate --help' for usage.")
                return ExitStatus.usage
            }
        }
        guard p.operands.count == 1, let path = p.operands.first else {
            Console.error("validate takes one session file\nRun 'scanctl validate --help' for usage.")
            return ExitStatus.usage
        }
        switch loadSession(path) {
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
            for warning in loaded.warnings { Console.raw(warning.rendered) }
            return .success(loaded)
        } catch {
            for problem in error.problems { Console.raw(problem.rendered) }
            let count = error.errors.count
            Console.raw("\(count) error\(count == 1 ? "" : "s") in \(path)")
            return .failure(error)
        }
    }
}
