import Foundation

/// A symbology, named by a canonical lower-case identifier (`ean13`, `qrcode`, …).
///
/// An open set: a plugin may declare a format the core has never heard of
/// (`BarcodeFormat("telepen")`). The built-in names are the static members below.
/// ``init(parsing:)`` accepts the spellings users type (`EAN-13`, `ean_13`, `QR Code`, `I25`).
public struct BarcodeFormat: Hashable, Sendable, Comparable, CustomStringConvertible, Codable,
    ExpressibleByStringLiteral
{
    /// The canonical name: lower-case letters and digits only.
    public let name: String

    /// Wraps a canonical name as it is (no normalisation; see ``init(parsing:)``).
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    /// Normalises a user spelling: lower-cased, punctuation and spaces removed, well-known aliases mapped
    /// (`i25`/`itf14` → `itf`, `qr` → `qrcode`, `dm` → `datamatrix`, `upc` → `upca`).
    /// Returns `nil` for an empty string.
    public init?(parsing text: String) {
        let folded = String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
        guard !folded.isEmpty else { return nil }
        self.name = BarcodeFormat.aliases[folded] ?? folded
    }

    public var description: String { name }
    public static func < (a: BarcodeFormat, b: BarcodeFormat) -> Bool { a.name < b.name }

    public init(from decoder: any Decoder) throws {
        self.name = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public static let ean13: BarcodeFormat = "ean13"
    public static let ean8: BarcodeFormat = "ean8"
    public static let upca: BarcodeFormat = "upca"
    public static let upce: BarcodeFormat = "upce"
    public static let code128: BarcodeFormat = "code128"
    public static let code39: BarcodeFormat = "code39"
    /// Code 32, the Italian pharmaceutical code: a Code 39 symbol holding a base-32 number, read as `A` and
    /// 9 digits.
    public static let code32: BarcodeFormat = "code32"
    public static let code93: BarcodeFormat = "code93"
    public static let codabar: BarcodeFormat = "codabar"
    public static let itf: BarcodeFormat = "itf"
    public static let qrcode: BarcodeFormat = "qrcode"
    public static let datamatrix: BarcodeFormat = "datamatrix"
    public static let pdf417: BarcodeFormat = "pdf417"
    public static let aztec: BarcodeFormat = "aztec"

    /// The 14 symbologies scanctl targets, in display order.
    public static let standard: [BarcodeFormat] = [
        .ean13, .ean8, .upca, .upce, .code128, .code39, .code32, .code93, .codabar, .itf,
        .qrcode, .datamatrix, .pdf417, .aztec,
    ]

    /// True for one-dimensional (linear) symbologies among the standard ones.
    public var isLinear: Bool {
        [BarcodeFormat.ean13, .ean8, .upca, .upce, .code128, .code39, .code32, .code93, .codabar, .itf]
            .contains(self)
    }

    private static let aliases: [String: String] = [
        "i25": "itf", "itf14": "itf", "interleaved2of5": "itf", "qr": "qrcode", "dm": "datamatrix",
        "upc": "upca", "code3of9": "code39", "pdf": "pdf417", "ean": "ean13", "gtin13": "ean13",
        "italianpharmacode": "code32", "codicefarmaceutico": "code32",
    ]
}
