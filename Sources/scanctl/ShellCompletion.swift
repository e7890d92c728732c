import BuiltinPlugins
import ScanCore

/// Shell completion scripts for bash, zsh and fish, made from ``Commands``: subcommands, their options,
/// the values options take (format names, choices, files, session files, video devices) and operands.
enum ShellCompletion {
    static let shells = ["bash", "zsh", "fish"]

    static func render(_ shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    static var decoderFormats: [String] { BuiltinPlugins.registry().formats.sorted().map(\.name) }
    static var encoderFormats: [String] { BuiltinPlugins.encoderRegistry().formats.sorted().map(\.name) }

    /// Every option of a command, the common ones included.
    static func options(_ spec: CommandSpec) -> [OptionSpec] { spec.options + Commands.common.options }

    /// Each spelling an option is typed with (names and aliases).
    static func spellings(_ option: OptionSpec) -> [String] { option.accepted }

    /// The words a kind completes to when it is a fixed list.
    static func words(_ kind: CompletionKind) -> [String]? {
        switch kind {
        case .choices(let list): return list
        case .decoderFormats: return decoderFormats
        case .encoderFormats: return encoderFormats
        case .commands: return Commands.all.map(\.spec.name)
        case .markdownTables: return MarkdownTables.names
        default: return nil
        }
    }

    /// A one-line description for zsh and fish: the summary up to its first full stop, without quotes.
    static func short(_ text: String) -> String {
        var s = text
        if let end = s.range(of: ". ") { s = String(s[..<end.lowerBound]) }
        if s.hasSuffix(".") { s.removeLast() }
        return s.filter { $0 != "'" && $0 != "\"" && $0 != "`" }
    }
}
