import ScanCore

/// `isbn` (an EAN-13 in the Bookland prefixes 978/979) and `product` (every other EAN-13, EAN-8, UPC-A,
/// UPC-E).
///
/// ```swift
/// // EAN-13 9780306406157 → isbn {"isbn13": "9780306406157", "isbn10": "0306406152", "gtin": "09780306406157", …}
/// // EAN-13 4006381333931 → product {"number": "4006381333931", "gtin": "04006381333931", "addon": null}
/// ```
///
/// `gtin` is the GTIN-14 (zero-padded; a UPC-E is first expanded to its UPC-A). An add-on (EAN-2/EAN-5)
/// is in `addon`, not in the numbers. The display value stays the decoder's.
enum ProductValue {
    static func parse(
        _ raw: String, format: BarcodeFormat, addOn: String?, upcA: String?, displayValue: String
    ) -> ParsedValue? {
        var number = raw
        if let addOn, !addOn.isEmpty, number.hasSuffix(addOn) { number = String(number.dropLast(addOn.count)) }
        let expected: Int
        switch format {
        case .ean13: expected = 13
        case .upca: expected = 12
        default: expected = 8
        }
        guard number.count == expected, number.isASCIIDigits else { return nil }
        let gtinSource = format == .upce ? (upcA ?? number) : number
        guard gtinSource.count <= 14, gtinSource.isASCIIDigits else { return nil }
        let gtin = String(repeating: "0", count: 14 - gtinSource.count) + gtinSource
        var o: [String: JSONValue] = [
            "number": .string(number), "gtin": .string(gtin), "addon": .text(addOn),
        ]
        if format == .ean13, number.hasPrefix("978") || number.hasPrefix("979") {
            o["isbn13"] = .string(number)
            o["isbn10"] = number.hasPrefix("978") ? .string(isbn10(from: number)) : .null
            return ParsedValue(valueType: .isbn, value: .object(o), displayValue: displayValue)
        }
        if format == .upce { o["upca"] = .text(upcA) }
        return ParsedValue(valueType: .product, value: .object(o), displayValue: displayValue)
    }

    /// The ISBN-10 of a 978 ISBN-13: digits 4–12 and a mod-11 check digit (`X` for 10) (ISO 2108).
    static func isbn10(from isbn13: String) -> String {
        let body = Array(isbn13.utf8.dropFirst(3).prefix(9)).map { Int($0) - 48 }
        var sum = 0
        for (i, d) in body.enumerated() { sum += d * (10 - i) }
        let check = (11 - sum % 11) % 11
        return String(decoding: isbn13.utf8.dropFirst(3).prefix(9), as: UTF8.self) + (check == 10 ? "X" : String(check))
    }
}
