/// An option of a command: what the docs say about it (``OptionSpec``) and what it does to the command's
/// settings, in one entry, so an option cannot be parsed without being documented or the other way round.
struct CommandOption<Settings>: Sendable {
    var spec: OptionSpec
    /// Applies the option: `name` is the spelling used (`--no-pure`, `--fast`), `value` its value for an
    /// option that takes one (nil for a flag). Throws ``OptionParser/UsageError`` for a bad value.
    var apply: @Sendable (inout Settings, _ name: String, _ value: String?) throws -> Void

    init(
        _ spec: OptionSpec, apply: @escaping @Sendable (inout Settings, _ name: String, _ value: String?) throws -> Void
    ) {
        self.spec = spec
        self.apply = apply
    }

    /// A flag that sets `field` to `value` (`--json` sets `json`; `--no-progress` clears `progress`).
    static func flag(_ spec: OptionSpec, sets field: WritableKeyPath<Settings, Bool> & Sendable, to value: Bool = true)
        -> CommandOption
    {
        CommandOption(spec) { settings, _, _ in settings[keyPath: field] = value }
    }

    /// An option whose value is a whole number in `range` (``OptionParser/integer(_:for:in:)``), stored in
    /// `field`.
    static func integer(
        _ spec: OptionSpec, in range: ClosedRange<Int>, into field: WritableKeyPath<Settings, Int> & Sendable
    ) -> CommandOption {
        CommandOption(spec) { settings, name, value in
            settings[keyPath: field] = try OptionParser.integer(value, for: name, in: range)
        }
    }

    /// ``integer(_:in:into:)`` for a field whose nil means "not given" (the default is worked out later).
    static func integer(
        _ spec: OptionSpec, in range: ClosedRange<Int>, into field: WritableKeyPath<Settings, Int?> & Sendable
    ) -> CommandOption {
        CommandOption(spec) { settings, name, value in
            settings[keyPath: field] = try OptionParser.integer(value, for: name, in: range)
        }
    }
}

extension OptionParser {
    /// Parses `arguments` against `options` and the common ones (`-h`, `-q`, `-v`), applying each option
    /// to `settings` in order. Returns the operands, or nil when help was asked for.
    /// - Throws: ``UsageError`` for an unknown option, a missing or unwanted value, or a bad value.
    static func parse<Settings>(
        _ arguments: [String], _ options: [CommandOption<Settings>], into settings: inout Settings
    ) throws -> [String]? {
        var p = OptionParser(arguments)
        while let name = p.nextOption() {
            if Commands.helpNames.contains(name) { return nil }
            if try Console.applyCommonOption(name, parser: &p) { continue }
            guard let option = options.first(where: { $0.spec.accepted.contains(name) }) else {
                throw UsageError(description: "unknown option '\(name)'")
            }
            if option.spec.value != nil {
                try option.apply(&settings, name, try p.value(for: name))
            } else {
                try p.flag(name)
                try option.apply(&settings, name, nil)
            }
        }
        return p.operands
    }
}

/// What a command does after reading its arguments: go on with the operands, or exit with a status (help
/// was printed, or a usage error).
enum CommandStart {
    case operands([String])
    case exit(Int32)
}

extension CommandSpec {
    /// Parses `arguments` against `options` into `settings`, then lets `check` look at the operands (and
    /// finish the settings).
    /// `--help` prints the command's help (exit 0); a usage error is printed with a pointer to `--help`
    /// (exit 2).
    func start<Settings>(
        _ arguments: [String], _ options: [CommandOption<Settings>], into settings: inout Settings,
        operands check: (inout Settings, [String]) throws -> Void = { _, _ in }
    ) -> CommandStart {
        do {
            guard let operands = try OptionParser.parse(arguments, options, into: &settings) else {
                print(HelpText.render(self), terminator: "")
                return .exit(ExitStatus.success)
            }
            try check(&settings, operands)
            return .operands(operands)
        } catch {
            Console.error("\(error)\nRun 'scanctl \(name) --help' for usage.")
            return .exit(ExitStatus.usage)
        }
    }

    /// An operand check: exactly `count` operands, else `message` as a usage error.
    static func expect<Settings>(_ count: Int, _ message: String) -> (inout Settings, [String]) throws -> Void {
        { _, operands in
            guard operands.count == count else { throw OptionParser.UsageError(description: message) }
        }
    }
}
