/// The generator contract: what a symbology family implements to make symbols, beside
/// ``SymbologyDecoder``.
///
/// ```swift
/// let symbols = try QRCodeEncoder().encode(.text("Hello"), format: .qrcode, options: EncodeOptions())
/// symbols[0].modules.width   // 21: a version 1 symbol
/// ```
///
/// An encoder is a `Sendable` value with no mutable global state. It turns a payload into one or more
/// module grids (several for a structured-append set), with no quiet zone and no pixel size: rendering
/// belongs to the caller (ScanImageIO's `SymbolRenderer`). It throws ``EncodeError`` for a payload or an
/// option it cannot honour; it never returns an empty array.
public protocol SymbologyEncoder: Sendable {
    /// A short name for listings (`qrcode`, `code128`).
    var name: String { get }
    /// Formats this encoder can make.
    var formats: Set<BarcodeFormat> { get }
    /// The symbols for `payload` in `format` (one of ``formats``).
    /// - Throws: ``EncodeError`` naming the problem (payload too long, character not encodable, bad option).
    func encode(_ payload: EncodePayload, format: BarcodeFormat, options: EncodeOptions) throws(EncodeError)
        -> [GeneratedSymbol]
}

/// What to encode: text (the encoder picks the character set and, where the symbology has them, the ECI
/// designator) or bytes (encoded as they are).
public enum EncodePayload: Sendable, Equatable {
    case text(String)
    case bytes([UInt8])
}
