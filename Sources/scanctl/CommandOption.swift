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
