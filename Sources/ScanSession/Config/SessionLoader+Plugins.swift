import ScanCore
import ScanPluginLoader

extension SessionLoader {
    /// Loads the session's `plugins:` into `registry`, in the order written, then the plugin libraries of
    /// `folders`. A `plugins:` entry that cannot be loaded is an error at the entry (the message names the
    /// file: missing, no entry function, wrong ABI version, a format already served…); a library of a
    /// folder that cannot be loaded is a warning naming the library. A relative path is taken from the
    /// working directory, as for every other path in a session.
    static func loadPlugins(
        of config: SessionConfig, into registry: inout DecoderRegistry, folders: [String], source: SourceText
    ) -> [ConfigProblem] {
        var problems: [ConfigProblem] = []
        for entry in config.plugins {
            do {
                try registry.loadPlugin(at: entry.value)
            } catch {
                problems.append(source.problem(at: entry.mark, error.description))
            }
        }
        for error in registry.loadPlugins(inFolders: folders) {
            problems.append(
                ConfigProblem(file: error.path, line: 0, column: 0, message: error.message, severity: .warning))
        }
        return problems
    }
}
