import ScanCore

/// What a payload is and what it says: a value type, its fields and the text to show people.
///
/// ```swift
/// let parsed = ValueParser.parse(barcode)   // a QR Code holding "WIFI:S:Home;T:WPA;P:secret;;"
/// parsed.valueType                          // .wifi
/// parsed.value                              // {"ssid": "Home", "password": "secret", …}
/// parsed.displayValue                       // "Home"
/// ```
public struct ParsedValue: Sendable, Equatable {
    /// The kind of value (`url`, `wifi`, `contact_info`, … `text`, `unknown`).
    public var valueType: ValueType
    /// The fields as a JSON object with snake_case keys (see Docs/value-types.md); `{}` for plain text.
    public var value: JSONValue
    /// The value formatted for people: a contact's name, a URL, a network name, a GS1 HRI string …
    public var displayValue: String

    public init(valueType: ValueType, value: JSONValue, displayValue: String) {
        self.valueType = valueType
        self.value = value
        self.displayValue = displayValue
    }

    /// Fields of the `value` object (empty when it is not an object).
    public var fields: [String: JSONValue] {
        if case .object(let o) = value { return o }
        return [:]
    }
}

/// Classifies and parses a decoded payload into a value type (ML Kit's types plus `gs1`).
///
/// ```swift
/// let code = ValueParser.parse(barcode)
/// let enriched = barcode.withParsedValue()   // valueType, value and displayValue filled in
/// ```
///
/// Never throws and never changes `rawValue` or `rawBytes`. A payload that looks like a type but breaks
/// its rules (a vCard without `END:VCARD`, a GS1 string with a wrong check digit …) is `text`, with the
/// problem in `value.reason`. A payload that is not text is `unknown`: no `rawValue` (a part in no
/// character set, as ECI 899 data), or bytes that decoded to text only by a character set's default
/// (QR Code's ISO/IEC 8859-1), which hold control characters that text never does (``isBinary(_:)``).
/// Cost: one pass over the payload; no regular expressions, no allocation beyond the result.
public enum ValueParser {
    /// Symbology identifiers (ISO/IEC 15424) whose data is a GS1 element string: GS1-128 (`]C1`),
    /// GS1 Data Matrix (`]d2`, with ECI `]d5`), GS1 QR Code (`]Q3`, with ECI `]Q4`), GS1 DataBar (`]e0`)
    /// and GS1 Aztec (`]z1`, with ECI `]z4`).
    public static let gs1SymbologyIdentifiers: Set<String> = ["]C1", "]d2", "]d5", "]Q3", "]Q4", "]e0", "]z1", "]z4"]

    /// Parses a decoded symbol. See the type's documentation.
    public static func parse(_ barcode: Barcode) -> ParsedValue {
        guard let raw = barcode.rawValue else {
            return ParsedValue(valueType: .unknown, value: .object([:]), displayValue: barcode.displayValue)
        }
        if gs1SymbologyIdentifiers.contains(barcode.symbologyIdentifier) {
            return GS1ElementString.parsedValue(raw)
        }
        if isBinary(raw) {
            return ParsedValue(valueType: .unknown, value: .object([:]), displayValue: barcode.displayValue)
        }
        if [BarcodeFormat.ean13, .ean8, .upca, .upce].contains(barcode.format),
            let product = ProductValue.parse(
                raw, format: barcode.format, addOn: barcode.addOn, upcA: barcode.upcA,
                displayValue: barcode.displayValue)
        {
            return product
        }
        return parse(text: raw, fallbackDisplay: barcode.displayValue)
    }

    /// True when `text` holds a C0 control character other than tab, line feed, carriage return and
    /// the separators structured data uses (EOT, FS, GS, RS, US: ISO/IEC 15434 formats, AAMVA, GS1), or
    /// DEL: the bytes of an image or an archive read as characters, not text anyone wrote.
    public static func isBinary(_ text: String) -> Bool {
        text.unicodeScalars.contains { c in
            (c.value < 0x20 && ![0x09, 0x0A, 0x0D, 0x04, 0x1C, 0x1D, 0x1E, 0x1F].contains(c.value)) || c.value == 0x7F
        }
    }

    /// Parses a text payload whose symbology is not known (or not a GS1 or EAN/UPC one).
    /// `fallbackDisplay` is the display value kept for plain text (the payload itself when `nil`).
    public static func parse(text raw: String, fallbackDisplay: String? = nil) -> ParsedValue {
        let plain = fallbackDisplay ?? raw
        let s = raw.trimmingEdges()
        let upper = String(s.prefix(16)).uppercased()
        func has(_ prefix: String) -> Bool { upper.hasPrefix(prefix) }

        let result: ParsedOutcome
        if has("WIFI:") {
            result = WiFiValue.parse(s)
        } else if has("BEGIN:VCARD") {
            result = VCardParser.parse(s)
        } else if has("MECARD:") {
            result = MECARDParser.parse(s)
        } else if has("BEGIN:VEVENT") || has("BEGIN:VCALENDAR") {
            result = VEventParser.parse(s)
        } else if has("MATMSG:") || has("MAILTO:") {
            result = EmailValue.parse(s)
        } else if has("TEL:") {
            result = PhoneValue.parse(s)
        } else if has("SMSTO:") || has("SMS:") || has("MMSTO:") || has("MMS:") {
            result = SMSValue.parse(s)
        } else if has("GEO:") {
            result = GeoValue.parse(s)
        } else if has("MEBKM:") {
            result = URLValue.parseBookmark(s)
        } else if AAMVAParser.looksLikeAAMVA(raw) {
            result = AAMVAParser.parse(raw)
        } else if has("HTTP://") || has("HTTPS://") {
            if let link = GS1DigitalLink.parse(s) {
                result = link
            } else {
                result = URLValue.parse(s)
            }
        } else if URLValue.looksLikeURL(s) {
            result = URLValue.parse(s)
        } else if EmailValue.looksLikeAddress(s) {
            result = EmailValue.parse(s)
        } else {
            result = .none
        }

        switch result {
        case .parsed(let value):
            return value
        case .malformed(let reason):
            return ParsedValue(valueType: .text, value: .object(["reason": .string(reason)]), displayValue: plain)
        case .none:
            return ParsedValue(valueType: .text, value: .object([:]), displayValue: plain)
        }
    }
}

/// What a type parser says about a payload it was handed.
enum ParsedOutcome {
    /// The payload is of the parser's type.
    case parsed(ParsedValue)
    /// The payload claims the type (by its prefix) but breaks its rules; it stays `text` with this reason.
    case malformed(String)
    /// The payload is not of the parser's type.
    case none
}

extension Barcode {
    /// This result with `valueType`, `value` and `displayValue` set by ``ValueParser/parse(_:)``;
    /// `rawValue`, `rawBytes` and everything else unchanged.
    ///
    /// ```swift
    /// let codes = registry.decode(frame, options: options).map { $0.withParsedValue() }
    /// ```
    public func withParsedValue() -> Barcode {
        let parsed = ValueParser.parse(self)
        var copy = self
        copy.valueType = parsed.valueType
        copy.value = parsed.value
        copy.displayValue = parsed.displayValue
        return copy
    }
}
