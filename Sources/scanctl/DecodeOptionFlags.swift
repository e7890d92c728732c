import ScanCore

extension DecodeOptionDeclaration {
    /// The default as `--help` and the docs show it: `on`/`off` for a bool, else the value.
    var defaultText: String {
        switch defaultValue {
        case .bool(let on): return on ? "on" : "off"
        default: return defaultValue.description
        }
    }

    /// What the option looks like on the command line (`--[no-]try-harder`, `--itf-min-length N`).
    var optionSpec: OptionSpec {
        var names = [flag]
        if let negatedFlag { names.append(negatedFlag) }
        let aliases = self.aliases.map { alias -> (flag: String, meaning: String) in
            switch alias.value {
            case .bool(false)?: return (alias.flag, negatedFlag ?? flag)
            case let value?: return (alias.flag, "\(flag) \(value)")
            case nil: return (alias.flag, flag)
            }
        }
        let completion: CompletionKind
        if case .choice(let names) = kind { completion = .choices(names) } else { completion = .none }
        return OptionSpec(
            names: names, aliases: aliases, value: kind == .bool ? nil : valueName,
            summary: summaryWithChoices, defaultText: defaultText,
            completion: completion)
    }

    /// The summary, with the names a choice takes after it (`… POLICY: ignore, read or require.`).
    private var summaryWithChoices: String {
        guard case .choice = kind else { return summary }
        return "\(summary) \(valueName): \(expected)."
    }

    /// The option for a command whose settings hold a ``DecodeOptions`` at `path`.
    func commandOption<Settings>(_ path: WritableKeyPath<Settings, DecodeOptions> & Sendable) -> CommandOption<Settings>
    {
        CommandOption(optionSpec) { settings, name, text in
            let value: Value
            if let text {
                do {
                    value = try parse(text)
                } catch {
                    throw OptionParser.UsageError(description: "option \(name) \(error), not '\(text)'")
                }
            } else if let alias = aliases.first(where: { $0.flag == name }), let aliased = alias.value {
                value = aliased
            } else {
                value = .bool(name != negatedFlag)
            }
            try? set(value, in: &settings[keyPath: path])
        }
    }
}
