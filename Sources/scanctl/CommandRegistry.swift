import BuiltinPlugins
import ScanCore
import ScanPluginLoader

/// The decoders `decode` and `plugins` run with: the built-in plugins, then the libraries named with
/// `--plugin` (in the order given), then those of the plugin folders (`PluginFolders.search()`:
/// `~/.local/lib/scanctl/plugins`, `/usr/lib/scanctl/plugins`, or `SCANCTL_PLUGIN_PATH`). The first
/// plugin serving a format keeps it (Docs/plugins.md).
enum CommandRegistry {
    /// The registry, or `nil` when a `--plugin` library could not be loaded (the error is printed: a
    /// plugin asked for by name must load). A folder's library that cannot be loaded is a warning.
    static func make(plugins: [String]) -> DecoderRegistry? {
        var registry = BuiltinPlugins.registry()
        for path in plugins {
            do {
                try registry.loadPlugin(at: path)
            } catch {
                Console.error(error.description)
                return nil
            }
        }
        for problem in registry.loadPlugins(inFolders: PluginFolders.search()) {
            Console.warning(problem.description)
        }
        return registry
    }

    /// `--plugin PATH` (repeatable) for a command whose settings keep the libraries, in the order given, at
    /// `path`; ``make(plugins:)`` loads them.
    static func pluginOption<Settings>(_ path: WritableKeyPath<Settings, [String]> & Sendable)
        -> CommandOption<Settings>
    {
        CommandOption(
            OptionSpec(
                names: ["--plugin"], value: "PATH",
                summary: "Also load the decoder plugin library PATH (repeatable; Docs/plugins.md). One that does "
                    + "not load is an error naming the file.",
                completion: .files(["so"]))
        ) { settings, _, value in settings[keyPath: path].append(value ?? "") }
    }
}
