import ScanCore

extension SymbolRenderer {
    /// The symbol as an SVG document: a background rectangle and one path of the dark modules (each row's
    /// runs of dark modules as rectangles), in a view box measured in modules, drawn `scale` user units
    /// per module, with crisp edges.
    public static func svg(_ symbol: GeneratedSymbol, style: SymbolStyle) -> String {
        let c = canvas(symbol, style: style)
        let s = max(1, style.scale)
        var path = ""
        for y in 0..<c.height {
            var x = 0
            while x < c.width {
                guard c.bits[y * c.width + x] != 0 else {
                    x += 1
                    continue
                }
                var end = x
                while end < c.width && c.bits[y * c.width + end] != 0 { end += 1 }
                path += "M\(x) \(y)h\(end - x)v1h-\(end - x)z"
                x = end
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(c.width * s)" height="\(c.height * s)" \
            viewBox="0 0 \(c.width) \(c.height)" shape-rendering="crispEdges">
            <rect width="\(c.width)" height="\(c.height)" fill="\(style.background.hex)"/>
            <path fill="\(style.foreground.hex)" d="\(path)"/>
            </svg>

            """
    }
}
