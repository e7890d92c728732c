/// The plugin contract: everything a symbology family implements.
///
/// A plugin is a `Sendable` value with no mutable global state, safe to call on several frames at once.
/// It never throws for "no symbol": it returns what it found. A damaged symbol that fails its check
/// digits or error correction is not a result.
public protocol SymbologyDecoder: Sendable {
    /// A short name for listings (`ean-upc`, `qrcode`).
    var name: String { get }
    /// Formats this plugin can report (a plugin may serve a family, e.g. EAN-13, EAN-8, UPC-A, UPC-E).
    var formats: Set<BarcodeFormat> { get }
    /// All symbols of the wanted formats (`options.wants(_:)`) in the frame; corner points in the
    /// pixels of `frame.image`.
    func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode]
}
