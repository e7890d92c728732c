import ScanCore

/// Draws generated symbols: the module canvas (quiet zone added, linear symbols stretched to their bar
/// height) and, in the `SymbolRenderer+…` files, PNG, SVG and terminal text.
///
/// ```swift
/// let symbol = try registry.encode(.text("Hi"), format: .qrcode, options: EncodeOptions())[0]
/// let png = try SymbolRenderer.png(symbol, style: SymbolStyle())          // 1-bit PNG bytes
/// let svg = SymbolRenderer.svg(symbol, style: SymbolStyle())
/// print(SymbolRenderer.text(symbol, style: SymbolStyle()))
/// ```
///
/// Coordinates: x right, y down, origin at the top left of the quiet zone; one module is `scale` pixels.
public enum SymbolRenderer {
    /// The symbol in modules with its quiet zone: `(width + 2q) × (barHeight + 2v)` for quiet zone q, 1 =
    /// dark, where v = q for a matrix symbol. A linear symbol's row is repeated `barHeight` times; its quiet
    /// zone is a left and right one (ISO/IEC 15417 §4.4.4), so above and below it gets v = min(q, 2).
    public static func canvas(_ symbol: GeneratedSymbol, style: SymbolStyle) -> BitMatrix {
        let q = max(0, style.quietZone(for: symbol))
        let v = symbol.isLinear ? min(q, 2) : q
        let m = symbol.modules
        let rows = style.barHeight(for: symbol)
        let size = canvasSize(symbol, style: style)
        var out = BitMatrix(width: size.width, height: size.height)
        for y in 0..<rows {
            let source = symbol.isLinear ? 0 : y
            for x in 0..<m.width where m.bits[source * m.width + x] != 0 { out[x + q, y + v] = true }
        }
        return out
    }

    /// The size of ``canvas(_:style:)`` in modules, computed without drawing it.
    public static func canvasSize(_ symbol: GeneratedSymbol, style: SymbolStyle) -> (width: Int, height: Int) {
        let q = max(0, style.quietZone(for: symbol))
        let v = symbol.isLinear ? min(q, 2) : q
        return (symbol.modules.width + 2 * q, style.barHeight(for: symbol) + 2 * v)
    }

    /// The number of pixels (PNG) or SVG units squared of the drawn symbol, `scale` per module: the
    /// canvas's width × height × scale², or nil when that overflows `Int`.
    public static func pixelCount(_ symbol: GeneratedSymbol, style: SymbolStyle) -> Int? {
        let size = canvasSize(symbol, style: style)
        let s = max(1, style.scale)
        let (w, o1) = size.width.multipliedReportingOverflow(by: s)
        let (h, o2) = size.height.multipliedReportingOverflow(by: s)
        let (n, o3) = w.multipliedReportingOverflow(by: h)
        return o1 || o2 || o3 ? nil : n
    }

    /// The canvas scaled to pixels as a luminance plane: dark modules 0, light 255 (colours ignored).
    public static func luminance(_ symbol: GeneratedSymbol, style: SymbolStyle) -> LuminanceImage {
        let c = canvas(symbol, style: style)
        let s = max(1, style.scale)
        var px = [UInt8](repeating: 255, count: c.width * s * c.height * s)
        let w = c.width * s
        for y in 0..<c.height {
            for x in 0..<c.width where c.bits[y * c.width + x] != 0 {
                for dy in 0..<s {
                    let row = (y * s + dy) * w + x * s
                    for dx in 0..<s { px[row + dx] = 0 }
                }
            }
        }
        return LuminanceImage(width: w, height: c.height * s, pixels: px)
    }
}
