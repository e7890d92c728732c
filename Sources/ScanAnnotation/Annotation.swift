import ScanCore

/// What is drawn over one image: the symbols' outlines with their labels, the region of interest, and
/// a caption.
///
/// ```swift
/// var annotation = Annotation()
/// annotation.symbols = codes.map { AnnotatedSymbol($0, state: .confirmed) }
/// annotation.regionOfInterest = Rect(x: 160, y: 90, width: 320, height: 180)
/// ```
///
/// Coordinates are pixels of the image drawn on, origin at the top left, x to the right, y down (the
/// convention of ``Barcode/cornerPoints``).
public struct Annotation: Sendable, Equatable {
    /// The symbols, drawn in order (later ones on top).
    public var symbols: [AnnotatedSymbol] = []
    /// The region of interest in pixels, drawn as a dashed box; nil for none.
    public var regionOfInterest: Rect?
    /// One line of text at the bottom left (frame number, decode time); nil for none.
    public var caption: String?

    public init(symbols: [AnnotatedSymbol] = [], regionOfInterest: Rect? = nil, caption: String? = nil) {
        self.symbols = symbols
        self.regionOfInterest = regionOfInterest
        self.caption = caption
    }
}

/// Where a symbol is in the life of a stream, which sets its colour.
public enum OutlineState: String, Sendable, Equatable, CaseIterable {
    /// Read in this frame, not (yet) confirmed: amber.
    case detected
    /// Read in `confirm_frames` consecutive frames (or in a still image): green.
    case confirmed
    /// No longer read (`lost_after_ms` passed), drawn where it was last seen: red, dashed.
    case lost

    /// The outline colour as red, green, blue in 0…1.
    public var colour: (red: Double, green: Double, blue: Double) {
        switch self {
        case .detected: return (1.0, 0.69, 0.0)
        case .confirmed: return (0.0, 0.88, 0.38)
        case .lost: return (1.0, 0.19, 0.19)
        }
    }

    /// The colour as CSS text (`#00e061`), for pages that draw a legend.
    public var cssColour: String {
        let c = colour
        return Self.hex(c.red, c.green, c.blue)
    }

    /// A colour (components in 0…1) as CSS text: `#rrggbb`.
    public static func hex(_ red: Double, _ green: Double, _ blue: Double) -> String {
        func byte(_ v: Double) -> String {
            let n = Int((min(1, max(0, v)) * 255).rounded())
            return (n < 16 ? "0" : "") + String(n, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }
}

/// One symbol to outline: its corner points, its label, its state.
public struct AnnotatedSymbol: Sendable, Equatable {
    /// The outline's corners in order (usually the four ``Barcode/cornerPoints``, clockwise from the
    /// symbol's own top-left, which gets a dot so the reading direction shows).
    public var corners: [Point]
    /// The text drawn beside the outline (`ean13: 4006381333931`).
    public var label: String
    /// Sets the colour (and a dashed line for `lost`).
    public var state: OutlineState

    public init(corners: [Point], label: String, state: OutlineState) {
        self.corners = corners
        self.label = label
        self.state = state
    }

    /// A barcode with the label `FORMAT: VALUE` (the display value, at most `maxValueLength` characters,
    /// control characters shown as `·`), prefixed by `#TRACK ` when a track id is given.
    public init(_ code: Barcode, state: OutlineState, trackID: Int? = nil, maxValueLength: Int = 48) {
        var value = String(
            String.UnicodeScalarView(
                code.displayValue.unicodeScalars.map { $0.properties.generalCategory == .control ? "·" : $0 }))
        if value.count > maxValueLength { value = String(value.prefix(maxValueLength - 1)) + "…" }
        let prefix = trackID.map { "#\($0) " } ?? ""
        self.init(corners: code.cornerPoints, label: "\(prefix)\(code.format.name): \(value)", state: state)
    }
}
