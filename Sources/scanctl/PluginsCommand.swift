import BuiltinPlugins
import ScanCore

/// `scanctl plugins`: the decoder plugins linked in and the formats each serves.
enum PluginsCommand {
    static let help = """
        USAGE: scanctl plugins [--json]

        Lists the decoder plugins and the formats (symbologies) each one reads.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var json = false
        for a in arguments {
            switch a {
            case "-h", "--help": print(help); return ExitStatus.success
            case "--json": json = true
            default:
                Console.error("unknown option '\(a)'\nRun 'scanctl plugins --help' for usage.")
                return ExitStatus.usage
            }
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
