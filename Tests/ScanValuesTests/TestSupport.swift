import ScanCore
import ScanValues

/// A decoded symbol carrying `text`, as a decoder plugin would report it.
func barcode(
    _ text: String, format: BarcodeFormat = .qrcode, identifier: String = "]Q1", addOn: String? = nil,
    upcA: String? = nil
) -> Barcode {
    Barcode(
        format: format, rawValue: text, rawBytes: Array(text.utf8), cornerPoints: [], symbologyIdentifier: identifier,
        addOn: addOn, upcA: upcA)
}

/// Parses `text` as the payload of a QR Code.
func parsed(_ text: String, format: BarcodeFormat = .qrcode, identifier: String = "]Q1") -> ParsedValue {
    ValueParser.parse(barcode(text, format: format, identifier: identifier))
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
    subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var isNull: Bool { self == .null }
}
