import Foundation

/// `scanctl help [COMMAND]`, and the generated documentation: man pages, the docs' tables, shell completions.
enum HelpCommand {
    struct Settings {
        var man: String?
        var markdown: String?
        var completion: String?
    }

    static let options: [CommandOption<Settings>] = [
        CommandOption(
            OptionSpec(
                names: ["--man"], value: "PAGE",
                summary: "Print a man page as roff: scanctl (scanctl(1)) or scanctl-session (scanctl-session(5)).",
                completion: .choices(ManPage.pages))
        ) { s, _, value in s.man = value },
        CommandOption(
            OptionSpec(
                names: ["--markdown"], value: "TABLE",
                summary: "Print one of the option and key tables of Docs/ as Markdown ('make docs' updates them).",
                completion: .markdownTables)
        ) { s, _, value in s.markdown = value },
        CommandOption(
            OptionSpec(
                names: ["--completion"], value: "SHELL", summary: "Print the completion script for bash, zsh or fish.",
                completion: .choices(ShellCompletion.shells))
        ) { s, _, value in s.completion = value },
    ]

    static let spec = CommandSpec(
        name: "help", usage: ["help [COMMAND]", "help --man PAGE | --markdown TABLE | --completion SHELL"],
        summary: "Show a command's help, or print the man pages and shell completions.",
        description: [
            "Without options: the help of COMMAND (as 'scanctl COMMAND --help'), or the list of commands. The man "
                + "pages, the tables in Docs/ and the shell completions are all printed from the same tables as "
                + "--help, so they cannot disagree; 'make install' installs them."
        ],
        groups: [OptionGroup(title: "OPTIONS", options: options.map(\.spec))],
        operands: [.commands], exitStatus: "0, or 2 for an unknown command or name.")

    static func run(_ arguments: [String]) -> Int32 {
        var s = Settings()
        let operands: [String]
        switch spec.start(arguments, options, into: &s) {
        case .exit(let status): return status
        case .operands(let list): operands = list
        }
        if let page = s.man {
            guard let text = ManPage.render(page) else { return unknown("man page", page, ManPage.pages) }
            print(text, terminator: "")
        } else if let table = s.markdown {
            guard let text = MarkdownTables.render(table) else { return unknown("table", table, MarkdownTables.names) }
            print(text, terminator: "")
        } else if let shell = s.completion {
            guard let text = ShellCompletion.render(shell) else {
                return unknown("shell", shell, ShellCompletion.shells)
            }
            print(text, terminator: "")
        } else if let name = operands.first {
            guard let entry = Commands.entry(named: name) else {
                return unknown("command", name, Commands.all.map(\.spec.name))
            }
            print(HelpText.render(entry.spec), terminator: "")
        } else {
            print(Commands.mainHelp, terminator: "")
        }
        return ExitStatus.success
    }

    private static func unknown(_ what: String, _ name: String, _ known: [String]) -> Int32 {
        Console.error("unknown \(what) '\(name)'; known: \(known.joined(separator: ", "))")
        return ExitStatus.usage
    }
}
