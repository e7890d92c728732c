import ScanCore

/// How a generated symbol is drawn: pixels per module, quiet zone, colours, and the bar height of linear
/// symbols. Every knob on one line with its default.
public struct SymbolStyle: Sendable, Equatable {
    /// Pixels per module (PNG) or user units per module (SVG); 1 or more. Default: 8.
    public var scale: Int = 8
    /// Light modules around the symbol on every side; `nil` for the symbology's minimum
    /// (``GeneratedSymbol/quietZone``). Default: nil.
    public var quietZone: Int? = nil
    /// Colour of dark modules. Default: black.
    public var foreground = RGBColor(red: 0, green: 0, blue: 0)
    /// Colour of light modules and the quiet zone. Default: white.
    public var background = RGBColor(red: 255, green: 255, blue: 255)
    /// Bar height of a linear symbol in modules; `nil` for the larger of 15 % of the symbol's width and
    /// 24 modules (ISO/IEC 15417 §4.4.5 asks for 15 % or 6.35 mm). Default: nil.
    public var barHeight: Int? = nil

    public init() {}

    /// The quiet zone used for `symbol`, in modules.
    public func quietZone(for symbol: GeneratedSymbol) -> Int { quietZone ?? symbol.quietZone }

    /// The bar height used for `symbol`, in modules (the grid's height for a matrix symbol).
    public func barHeight(for symbol: GeneratedSymbol) -> Int {
        guard symbol.isLinear else { return symbol.modules.height }
        return barHeight ?? max(24, (symbol.modules.width * 15 + 99) / 100)
    }
}

/// An sRGB colour with 8-bit components.
public struct RGBColor: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `RRGGBB` or `#RRGGBB` (hexadecimal, any case); `nil` otherwise.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let v = Int(digits, radix: 16) else { return nil }
        self.init(red: UInt8(v >> 16), green: UInt8((v >> 8) & 0xFF), blue: UInt8(v & 0xFF))
    }

    /// `#rrggbb`.
    public var hex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// True when red, green and blue are equal.
    public var isGrey: Bool { red == green && green == blue }
}
