import ScanCore

/// Every subcommand, the options all of them take, and the top-level usage: the one list that main,
/// `--help`, the man page and the shell completions are made from.
enum Commands {
    /// A subcommand: its documentation and its entry point.
    struct Entry: Sendable {
        var spec: CommandSpec
        var run: @Sendable ([String]) -> Int32
    }

    static let all: [Entry] = [
        Entry(spec: AuthCommand.spec, run: AuthCommand.run),
        Entry(spec: DecodeCommand.spec, run: DecodeCommand.run),
        Entry(spec: DevicesCommand.spec, run: DevicesCommand.run),
        Entry(spec: GenerateCommand.spec, run: GenerateCommand.run),
        Entry(spec: HelpCommand.spec, run: HelpCommand.run),
        Entry(spec: PluginsCommand.spec, run: PluginsCommand.run),
        Entry(spec: RunCommand.spec, run: RunCommand.run),
        Entry(spec: ValidateCommand.spec, run: ValidateCommand.run),
    ]

    static func entry(named name: String) -> Entry? { all.first { $0.spec.name == name } }

    static let helpNames = ["-h", "--help"]

    static let quiet = OptionSpec(
        names: ["-q", "--quiet"], summary: "Errors only on stderr: no information, progress bars or summaries.")
    static let verbose = OptionSpec(
        names: ["-v", "--verbose"],
        summary: "More information on stderr: each image's size and decoding time, a session's plan.")
    static let help = OptionSpec(names: ["-h", "--help"], summary: "Show this help.")
    static let version = OptionSpec(names: ["-V", "--version"], summary: "Print the version and exit.")

    /// The options every subcommand takes (also before the subcommand).
    static let common = OptionGroup(title: "COMMON OPTIONS", options: [quiet, verbose, help])

    /// The options before a subcommand.
    static let global = [quiet, verbose, version, help]

    /// `scanctl --help`.
    static var mainHelp: String {
        var out = "scanctl \(PackageVersion.current): barcode scanning for Linux.\n\n"
        out += "USAGE: scanctl [-q | -v] COMMAND [options]\n       scanctl -V | --version\n\nCOMMANDS:\n"
        let width = all.map { commandColumn($0.spec).count }.max() ?? 0
        for entry in all {
            let column = commandColumn(entry.spec)
            out += "  " + column + String(repeating: " ", count: width - column.count + 2) + entry.spec.summary + "\n"
        }
        out += "\nOPTIONS:\n" + HelpText.options(global)
        out += "\nRun 'scanctl COMMAND --help' for a command's options, 'man scanctl' for the whole manual.\n"
        return out
    }

    /// `decode IMAGE...`: the command and its first usage line's operands (what is outside brackets), for
    /// the command list.
    static func commandColumn(_ spec: CommandSpec) -> String {
        var depth = 0
        var out = ""
        for c in spec.usage.first ?? spec.name {
            if c == "[" { depth += 1 } else if c == "]" { depth -= 1 } else if depth == 0 { out.append(c) }
        }
        // `[--plugin PATH]...` leaves a bare `...`: it repeats an option, not an operand.
        return out.split(separator: " ").filter { $0 != "..." }.joined(separator: " ")
    }
}
