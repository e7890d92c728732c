import ScanCore
import ScanPluginLoader

/// `scanctl plugins [--json] [--plugin PATH]...`: the decoder plugins and the formats each serves.
enum PluginsCommand {
    struct Settings {
        var json = false
        /// `--plugin` libraries, in the order given.
        var plugins: [String] = []
    }

    static let options: [CommandOption<Settings>] = [
        CommandOption.flag(
            OptionSpec(
                names: ["--json"],
                summary: "One JSON object per plugin and line: name, formats, and for a loaded library kind and path."),
            sets: \.json),
        CommandRegistry.pluginOption(\Settings.plugins),
    ]

    static let spec = CommandSpec(
        name: "plugins", usage: ["plugins [--json] [--plugin PATH]..."],
        summary: "List decoder plugins (built in and loaded) and the formats they read.",
        description: [
            "Lists the decoder plugins and the formats (symbologies) each one reads, 'NAME: FORMAT...': the "
                + "built-in ones, then those loaded from shared libraries with their paths (--plugin, then the "
                + "plugin folders ~/.local/lib/scanctl/plugins and /usr/lib/scanctl/plugins, or "
                + "SCANCTL_PLUGIN_PATH). See Docs/plugins.md."
        ],
        groups: [OptionGroup(title: "OPTIONS", options: options.map(\.spec))], operands: [],
        exitStatus: "0, or 2 for a usage error or a --plugin library that does not load (the error names the file).")

    static func run(_ arguments: [String]) -> Int32 {
        var settings = Settings()
        if case .exit(let status) = spec.start(
            arguments, options, into: &settings, operands: CommandSpec.expect(0, "plugins takes no operands"))
        {
            return status
        }
        guard let registry = CommandRegistry.make(plugins: settings.plugins) else { return ExitStatus.usage }
        for plugin in registry.decoders {
            let formats = plugin.formats.sorted()
            let external = plugin as? ExternalPlugin
            if settings.json {
                var o: [String: JSONValue] = [
                    "name": .string(plugin.name), "formats": .array(formats.map { .string($0.name) }),
                ]
                if let external {
                    o["path"] = .string(external.path)
                    o["kind"] = .string(external.pluginKind.description)
                }
                print(JSONValue.object(o).serialized)
            } else {
                let path = external.map { " (\($0.path))" } ?? ""
                print("\(plugin.name): \(formats.map(\.name).joined(separator: " "))\(path)")
            }
        }
        return ExitStatus.success
    }
}
