import Foundation
import ScanCore
import ScanSession

/// The option and key tables of Docs/cli.md and Docs/sessions.md, made from the same tables as `--help` and
/// the man pages. In the docs each sits between `<!-- BEGIN scanctl help --markdown NAME -->` and
/// `<!-- END scanctl help --markdown NAME -->`; `make docs` rewrites them and a test checks them.
enum MarkdownTables {
    /// `command-decode` … for each command with options, `decode-options`, and `session-…` per table of
    /// ``ScanSession/SessionReference``.
    static var names: [String] {
        Commands.all.filter { !$0.spec.groups.isEmpty }.map { "command-" + $0.spec.name } + ["decode-options"]
            + SessionReference.tables.map(\.name)
    }

    static func render(_ name: String) -> String? {
        if name == "decode-options" { return decodeOptions() }
        if name.hasPrefix("command-"), let entry = Commands.entry(named: String(name.dropFirst("command-".count))) {
            return commandOptions(entry.spec)
        }
        if let table = SessionReference.tables.first(where: { $0.name == name }) { return sessionKeys(table) }
        return nil
    }

    /// The first option group of a command: option, meaning, default.
    static func commandOptions(_ spec: CommandSpec) -> String {
        var out = "| option | meaning | default |\n|---|---|---|\n"
        for option in spec.groups.first?.options ?? [] {
            out += row([code(option.synopsis), meaning(option), option.defaultText.map(code) ?? ""])
        }
        return out
    }

    /// The decoder knobs: flag, session key, meaning, default.
    static func decodeOptions() -> String {
        var out = "| option | session key | meaning | default |\n|---|---|---|---|\n"
        for d in DecodeOptions.declarations {
            let option = d.optionSpec
            out += row([code(option.synopsis), code(d.key), meaning(option), code(d.defaultText)])
        }
        return out
    }

    /// A session mapping's keys: key, type, default, meaning.
    static func sessionKeys(_ table: SessionKeyTable) -> String {
        var out = "| key | type | default | meaning |\n|---|---|---|---|\n"
        for key in table.keys {
            out += row([key.names.map(code).joined(separator: ", "), key.type, key.defaultText, key.meaning])
        }
        return out
    }

    /// The summary with the aliases: `Spend more time … Also: `--fast` (`--no-try-harder`).`
    static func meaning(_ option: OptionSpec) -> String {
        guard !option.aliases.isEmpty else { return option.summary }
        let aliases = option.aliases.map { "\(code($0.flag)) = \(code($0.meaning))" }.joined(separator: ", ")
        return "\(option.summary) Old spelling: \(aliases)."
    }

    static func code(_ text: String) -> String { "`\(text)`" }

    /// One table row; `|` inside a cell is escaped.
    static func row(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
    }
}
