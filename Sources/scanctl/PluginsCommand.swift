import BuiltinPlugins
import ScanCore

/// `scanctl plugins`: the decoder plugins linked in and the formats each serves.
enum PluginsCommand {
    static let options: [CommandOption<Bool>] = [
        CommandOption(OptionSpec(names: ["--json"], summary: "One JSON object per plugin and line: name, formats.")) {
            json, _, _ in json = true
        }
    ]

    static let spec = CommandSpec(
        name: "plugins", usage: ["plugins [--json]"], summary: "List decoder plugins and the formats they read.",
        description: ["Lists the decoder plugins and the formats (symbologies) each one reads: 'NAME: FORMAT...'."],
        groups: [OptionGroup(title: "OPTIONS", options: options.map(\.spec))], operands: [],
        exitStatus: "0, or 2 for a usage error.")

    static func run(_ arguments: [String]) -> Int32 {
        var json = false
        if case .exit(let status) = spec.start(
            arguments, options, into: &json, operands: CommandSpec.expect(0, "plugins takes no operands"))
        {
            return status
        }
        for plugin in BuiltinPlugins.decoders {
            let formats = plugin.formats.sorted()
            if json {
                let o: JSONValue = .object([
                    "name": .string(plugin.name), "formats": .array(formats.map { .string($0.name) }),
                ])
                print(o.serialized)
            } else {
                print("\(plugin.name): \(formats.map(\.name).joined(separator: " "))")
            }
        }
        return ExitStatus.success
    }
}
