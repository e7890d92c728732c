/// What a word on the command line completes to (shell completions, `scanctl help --completion`).
enum CompletionKind: Sendable, Equatable {
    /// Nothing to offer (free text, numbers).
    case none
    /// File names; only these extensions when not empty.
    case files([String])
    /// Session files (`*.yaml`, `*.yml`).
    case sessions
    /// Directories.
    case directories
    /// Decoder format names, comma-separated (`--formats`).
    case decoderFormats
    /// Encoder format names (`generate --format`).
    case encoderFormats
    /// One of these words.
    case choices([String])
    /// Video device nodes (`/dev/video*`).
    case devices
    /// scanctl's subcommands.
    case commands
    /// The names of `scanctl help --markdown` tables.
    case markdownTables
}

/// One option of a command, as `--help`, the man page, the docs' tables and the completions show it.
struct OptionSpec: Sendable {
    /// Every spelling shown, short before long (`-o`, `--output`); a bool knob has `--x` and `--no-x`.
    var names: [String]
    /// Earlier spellings still accepted, and the spelling each stands for (`--fast`, `--no-try-harder`).
    var aliases: [(flag: String, meaning: String)] = []
    /// The value's placeholder (`FILE`, `N`); nil for a flag.
    var value: String?
    /// One line: what the option does.
    var summary: String
    /// The default as shown (`8`, `on`, `all`); nil when there is none worth showing.
    var defaultText: String?
    /// What the value (or, for a flag, nothing) completes to.
    var completion: CompletionKind = .none

    /// `--[no-]try-harder` for a `--x`/`--no-x` pair, else the names joined: `-o, --output`.
    var displayNames: String {
        if names.count == 2, names[1] == "--no-" + names[0].dropFirst(2) {
            return "--[no-]" + names[0].dropFirst(2)
        }
        return names.joined(separator: ", ")
    }

    /// `--output FILE`, `--[no-]pure`.
    var synopsis: String { value.map { "\(displayNames) \($0)" } ?? displayNames }

    /// Every spelling the parser accepts.
    var accepted: [String] { names + aliases.map(\.flag) }
}

/// A titled group of options (`OPTIONS`, `DECODE OPTIONS`).
struct OptionGroup: Sendable {
    var title: String
    /// A line under the title, e.g. where else these options apply.
    var note: String?
    var options: [OptionSpec]
}

/// One subcommand: everything `--help`, the man page and the completions say about it.
struct CommandSpec: Sendable {
    /// `decode`.
    var name: String
    /// Usage lines without `scanctl ` (`decode [options] IMAGE...`).
    var usage: [String]
    /// One line for the list of commands.
    var summary: String
    /// Paragraphs of description (plain text; `'x'` quotes a word to type).
    var description: [String]
    /// Option groups; the common options (`-q`, `-v`, `-h`) are added by ``Commands``.
    var groups: [OptionGroup]
    /// What operands complete to, by position (the last one repeats).
    var operands: [CompletionKind]
    /// The exit status paragraph.
    var exitStatus: String

    /// Every option of the command, group by group.
    var options: [OptionSpec] { groups.flatMap(\.options) }
}
