import ScanCore

/// Merging the symbols of a Data Matrix structured-append set (ISO/IEC 16022:2006 §5.6: up to 16
/// symbols, each with its position, the count and a two-codeword file identification).
///
/// ```swift
/// if let whole = DMStructuredAppend.merge(results) { print(whole.rawValue ?? "") }
/// ```
public enum DMStructuredAppend {
    /// See ``ScanCore/StructuredAppend/merge(_:maxCount:)``.
    public static func merge(_ parts: [Barcode]) -> Barcode? { StructuredAppend.merge(parts, maxCount: 16) }
}
