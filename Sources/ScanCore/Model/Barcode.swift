/// One decoded symbol: what it says and where it is.
///
/// Coordinates are in pixels of the image given to the decoder (see ``Point``). Corner points are the
/// symbol's outer corners, clockwise, starting at the symbol's own top-left (for a linear symbol: the
/// top of its first bar's leading edge as read), so a symbol read upside down starts at the bottom right
/// of the image.
public struct Barcode: Sendable, Equatable {
    /// The symbology.
    public var format: BarcodeFormat
    /// The payload as text, when it is text in a known character set (`nil` for binary payloads).
    public var rawValue: String?
    /// The payload bytes exactly as encoded (always present; for numeric symbologies the ASCII digits).
    public var rawBytes: [UInt8]
    /// The value formatted for people (e.g. a UPC-E's digits, a GS1 string in HRI form).
    public var displayValue: String
    /// What kind of value the payload is; ``ValueType/text`` until a value parser says more.
    public var valueType: ValueType
    /// The parsed value as a JSON object with snake_case fields (see Docs/value-types.md); `nil` until a
    /// value parser has run.
    public var value: JSONValue?
    /// The four outer corners, clockwise from the symbol's top-left, in input-image pixels.
    public var cornerPoints: [Point]
    /// The smallest axis-aligned rectangle holding `cornerPoints`.
    public var boundingBox: Rect { Rect(enclosing: cornerPoints) }
    /// The ISO/IEC 15424 symbology identifier, e.g. `]E0`, `]Q1`.
    public var symbologyIdentifier: String
    /// The error-correction level where the symbology has one (`L`/`M`/`Q`/`H` for QR Code), else `nil`.
    public var errorCorrectionLevel: String?
    /// Reading direction of the symbol in degrees, clockwise from the image's x axis (0, 90, 180, 270 for
    /// linear symbols read along rows or columns), in [0, 360): any other angle given is taken modulo 360.
    public var orientation: Double {
        didSet { orientation = Self.normalizedOrientation(orientation) }
    }

    /// `degrees` in [0, 360) (an angle a hair under 0 that rounds to 360 when 360 is added is 0).
    static func normalizedOrientation(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        return d >= 360 ? 0 : d
    }
    /// True when the symbol was read from its mirror image.
    public var isMirrored: Bool
    /// True when the symbol was light on dark.
    public var isInverted: Bool
    /// Structured-append position, when the symbol is one of a set.
    public var structuredAppend: StructuredAppend?
    /// EAN/UPC: the digits of the EAN-2 or EAN-5 add-on symbol read with the main symbol (ISO/IEC 15420:2009,
    /// add-on symbols), which also end `rawValue`; nil without one.
    public var addOn: String?
    /// UPC-E: the 12-digit UPC-A number the symbol stands for (ISO/IEC 15420:2009, UPC-E: a UPC-A number
    /// with zeros suppressed, here restored); nil for every other symbol.
    public var upcA: String?
    /// Symbology-specific facts as key/value text (e.g. `version`, `size`, `gs1`).
    public var metadata: [String: String]

    public init(
        format: BarcodeFormat, rawValue: String?, rawBytes: [UInt8], displayValue: String? = nil,
        valueType: ValueType = .text, value: JSONValue? = nil, cornerPoints: [Point], symbologyIdentifier: String,
        errorCorrectionLevel: String? = nil, orientation: Double = 0, isMirrored: Bool = false,
        isInverted: Bool = false, structuredAppend: StructuredAppend? = nil, addOn: String? = nil,
        upcA: String? = nil, metadata: [String: String] = [:]
    ) {
        self.format = format
        self.rawValue = rawValue
        self.rawBytes = rawBytes
        self.displayValue = displayValue ?? rawValue ?? ""
        self.valueType = valueType
        self.value = value
        self.cornerPoints = cornerPoints
        self.symbologyIdentifier = symbologyIdentifier
        self.errorCorrectionLevel = errorCorrectionLevel
        self.orientation = Self.normalizedOrientation(orientation)
        self.isMirrored = isMirrored
        self.isInverted = isInverted
        self.structuredAppend = structuredAppend
        self.addOn = addOn
        self.upcA = upcA
        self.metadata = metadata
    }
}

/// Position of a symbol within a structured-append set (ISO/IEC 18004 §8, ISO/IEC 16022 §5.6).
public struct StructuredAppend: Sendable, Equatable, Codable {
    /// Position in the set, counted from 0.
    public var index: Int
    /// Number of symbols in the set.
    public var count: Int
    /// The set's identifier (QR parity byte, Data Matrix file id …), as text.
    public var id: String
    public init(index: Int, count: Int, id: String) { self.index = index; self.count = count; self.id = id }
}

/// What a payload is, as the phone SDKs classify it. Parsing lives in ScanValues.
public struct ValueType: Hashable, Sendable, Codable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
    public init(from decoder: any Decoder) throws { name = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(name)
    }

    public static let text = ValueType("text")
    public static let unknown = ValueType("unknown")
    public static let product = ValueType("product")
    public static let isbn = ValueType("isbn")
    public static let url = ValueType("url")
    public static let wifi = ValueType("wifi")
    public static let contactInfo = ValueType("contact_info")
    public static let email = ValueType("email")
    public static let phone = ValueType("phone")
    public static let sms = ValueType("sms")
    public static let geo = ValueType("geo")
    public static let calendarEvent = ValueType("calendar_event")
    public static let driverLicense = ValueType("driver_license")
    public static let gs1 = ValueType("gs1")
}
