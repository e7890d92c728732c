import ScanCore

extension SymbolRenderer {
    /// The symbol as lines of text, two module rows per line with Unicode half blocks (`▀` upper dark,
    /// `▄` lower dark, `█` both, space neither), one character per module column, quiet zone included
    /// (`scale` is ignored; a linear symbol is drawn with half its bar height).
    ///
    /// With `ansi`, every line is wrapped in SGR codes for black ink on a white ground (30;107), so the
    /// symbol reads off any terminal, light or dark; without, dark modules are the glyphs' ink, right for
    /// files and light terminals. Lines end in `\n`.
    public static func text(_ symbol: GeneratedSymbol, style: SymbolStyle, ansi: Bool = false) -> String {
        var textStyle = style
        if symbol.isLinear { textStyle.barHeight = max(2, (style.barHeight(for: symbol) + 1) / 2) }
        let c = canvas(symbol, style: textStyle)
        var out = ""
        for y in stride(from: 0, to: c.height, by: 2) {
            if ansi { out += "\u{1B}[30;107m" }
            for x in 0..<c.width {
                let top = c.bits[y * c.width + x] != 0
                let bottom = y + 1 < c.height && c.bits[(y + 1) * c.width + x] != 0
                out += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
            }
            if ansi { out += "\u{1B}[0m" }
            out += "\n"
        }
        return out
    }
}
