import Foundation

/// Writing man pages: escaping for roff and the few macros of man(7) the pages use.
enum Roff {
    /// `text` safe in a roff line: backslashes as `\e`, dashes as `\-` (so options copy as ASCII), characters
    /// beyond ASCII as `\[uXXXX]` (groff reads its input as Latin-1 without preconv), and a zero-width `\&`
    /// before a leading dot or quote (which would start a request).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Markdown-ish cell text (`` `code` `` bold, `*word*` italic) as roff.
    static func inline(_ text: String) -> String {
        var out = ""
        var inCode = false
        var inItalic = false
        for c in escape(text) {
            switch c {
            case "`":
                out += inCode ? "\\fR" : "\\fB"
                inCode.toggle()
            case "*" where !inCode:
                out += inItalic ? "\\fR" : "\\fI"
                inItalic.toggle()
            default: out.append(c)
            }
        }
        if inCode || inItalic { out += "\\fR" }
        return out
    }

    /// A paragraph (`.PP`), one source line per sentence-ish chunk is not needed: roff fills lines.
    static func paragraph(_ text: String) -> String { ".PP\n" + escape(text) + "\n" }

    /// An option in bold with its value in italics: `\fB\-\-output\fR \fIFILE\fR`.
    static func option(_ spec: OptionSpec) -> String {
        let names = "\\fB" + escape(spec.displayNames) + "\\fR"
        return spec.value.map { names + " \\fI" + escape($0) + "\\fR" } ?? names
    }

    /// `.TP` items for options, with defaults and aliases.
    static func options(_ options: [OptionSpec]) -> String {
        options.map { ".TP\n" + option($0) + "\n" + escape(HelpText.summary($0)) + "\n" }.joined()
    }

    /// Literal lines (`.nf` … `.fi`), indented.
    static func example(_ lines: [String]) -> String {
        ".PP\n.RS 4\n.nf\n" + lines.map { escape($0) + "\n" }.joined() + ".fi\n.RE\n"
    }
}
