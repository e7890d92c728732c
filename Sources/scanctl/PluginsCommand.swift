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
        do {
            guard let operands = try OptionParser.parse(arguments, options, into: &json) else {
                print(HelpText.render(spec), terminator: "")
                return ExitStatus.success
            }
            guard operands.isEmpty else { throw OptionParser.UsageError(description: "plugins takes no operands") }
        } catch {
            Console.error("\(error)\nRun 'scanctl plugins --help' for usage.")
            return ExitStatus.usage
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
