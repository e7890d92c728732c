/// `scanctl COMMAND --help`, made from the command's ``CommandSpec``.
enum HelpText {
    /// Lines are wrapped to this many columns.
    static let width = 100
    /// Where option summaries start.
    static let summaryColumn = 28

    static func render(_ spec: CommandSpec) -> String {
        var out = ""
        for (i, line) in spec.usage.enumerated() {
            out += (i == 0 ? "USAGE: " : "       ") + "scanctl " + line + "\n"
        }
        for paragraph in spec.description { out += "\n" + wrap(paragraph, indent: 0) }
        for group in spec.groups + [Commands.common] where !group.options.isEmpty {
            out += "\n\(group.title):\n"
            if let note = group.note { out += wrap(note, indent: 2) }
            out += options(group.options)
        }
        out += "\n" + wrap("EXIT STATUS: " + spec.exitStatus, indent: 0)
        return out
    }

    /// One entry per option: the synopsis, then the summary with its default and aliases, wrapped.
    static func options(_ options: [OptionSpec]) -> String {
        var out = ""
        for option in options {
            let head = "  " + option.synopsis
            let text = summary(option)
            if head.count + 2 <= summaryColumn {
                let lines = wrapLines(text, width: width - summaryColumn)
                out += head + String(repeating: " ", count: summaryColumn - head.count) + (lines.first ?? "") + "\n"
                for line in lines.dropFirst() { out += String(repeating: " ", count: summaryColumn) + line + "\n" }
            } else {
                out += head + "\n"
                for line in wrapLines(text, width: width - summaryColumn) {
                    out += String(repeating: " ", count: summaryColumn) + line + "\n"
                }
            }
        }
        return out
    }

    /// The summary with `(default: X; --fast: --no-try-harder)`.
    static func summary(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if let d = option.defaultText { notes.append("default: \(d)") }
        for alias in option.aliases { notes.append("\(alias.flag) = \(alias.meaning)") }
        return notes.isEmpty ? option.summary : "\(option.summary) (\(notes.joined(separator: "; ")))"
    }

    /// `text` wrapped at word boundaries, every line indented by `indent` spaces, ending in a newline.
    static func wrap(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return wrapLines(text, width: width - indent).map { pad + $0 + "\n" }.joined()
    }

    static func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
