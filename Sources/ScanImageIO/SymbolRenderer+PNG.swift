import ScanCore

extension SymbolRenderer {
    /// PNG sample depths ``png(_:style:bitDepth:)`` writes.
    public enum PNGDepth: Int, Sendable, CaseIterable {
        /// A two-entry palette (foreground, background), one bit per pixel: the smallest file.
        case one = 1
        /// Greyscale when both colours are grey, else RGB, eight bits per sample.
        case eight = 8
    }

    /// The symbol as PNG bytes, `scale` pixels per module, with the style's colours.
    /// - Throws: ``ImageError/writeFailed(path:message:)`` when libpng fails.
    public static func png(_ symbol: GeneratedSymbol, style: SymbolStyle, bitDepth: PNGDepth = .one) throws(ImageError)
        -> [UInt8]
    {
        let grey = luminance(symbol, style: style)  // 0 dark, 255 light
        let fg = style.foreground
        let bg = style.background
        switch bitDepth {
        case .one:
            let indices = grey.storage.map { $0 == 0 ? UInt8(0) : UInt8(1) }
            return try PNGWriter.encodeIndexed(
                indices: indices, width: grey.width, height: grey.height,
                palette: [(fg.red, fg.green, fg.blue), (bg.red, bg.green, bg.blue)])
        case .eight where fg.isGrey && bg.isGrey:
            let plane = LuminanceImage(
                width: grey.width, height: grey.height, pixels: grey.storage.map { $0 == 0 ? fg.red : bg.red })
            return try PNGWriter.encode(plane)
        case .eight:
            var rgb = [UInt8]()
            rgb.reserveCapacity(grey.storage.count * 3)
            for v in grey.storage {
                let c = v == 0 ? fg : bg
                rgb += [c.red, c.green, c.blue]
            }
            let frame = try? Frame(pixels: rgb, format: .rgb24, width: grey.width, height: grey.height)
            guard let frame else { throw ImageError.writeFailed(path: PNGWriter.memoryName, message: "bad RGB frame") }
            return try PNGWriter.encode(frame)
        }
    }
}
