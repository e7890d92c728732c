import ScanCore
import ScanPluginLoader

/// `scanctl plugins [--json] [--plugin PATH]...`: the decoder plugins and the formats each serves.
enum PluginsCommand {
    static let help = """
        USAGE: scanctl plugins [--json] [--plugin PATH]...

        Lists the decoder plugins and the formats (symbologies) each one reads: the built-in ones, then
        those loaded from shared libraries with their paths (--plugin, then the plugin folders
        ~/.local/lib/scanctl/plugins and /usr/lib/scanctl/plugins, or SCANCTL_PLUGIN_PATH). See
        Docs/plugins.md.

        OPTIONS:
          --json          One JSON object per plugin and line: name, formats, and for a loaded library
                          kind and path.
          --plugin PATH   Also load the plugin library PATH (repeatable).
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var json = false
        var plugins: [String] = []
        var p = OptionParser(arguments)
        do {
            while let option = p.nextOption() {
                switch option {
                case "-h", "--help":
                    print(help)
                    return ExitStatus.success
                case "--json":
                    try p.flag(option)
                    json = true
                case "--plugin": plugins.append(try p.value(for: option))
                default: throw OptionParser.UsageError(description: "unknown option '\(option)'")
                }
            }
            if let extra = p.operands.first {
                throw OptionParser.UsageError(description: "unexpected argument '\(extra)'")
            }
        } catch {
            Console.error("\(error)\nRun 'scanctl plugins --help' for usage.")
            return ExitStatus.usage
        }
        guard let registry = CommandRegistry.make(plugins: plugins) else { return ExitStatus.usage }
        for plugin in registry.decoders {
            let formats = plugin.formats.sorted()
            let external = plugin as? ExternalPlugin
            if json {
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
