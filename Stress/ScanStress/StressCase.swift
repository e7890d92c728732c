import ScanCore

/// One symbol of a stress run: what to render and which results are right.
public struct StressCase: Sendable {
    /// The symbology family the case belongs to (the report's row): `ean13`, `qrcode`, …
    public var family: String
    /// How the modules are made.
    public var source: Source
    /// Every (format, bytes) a reader may rightly report for this symbol. A result outside the set is a
    /// wrong value.
    public var accepted: [Expected]
    /// How the image is rendered and damaged.
    public var scene: StressScene

    /// Who draws the modules.
    public enum Source: Sendable {
        /// One of our own encoders (ScanCore's generator contract).
        case encoder(BarcodeFormat, EncodePayload, EncodeOptions)
        /// zint: `-b symbology`, extra arguments, and the data line (zint `--esc` escapes; batch input).
        case zint(symbology: String, arguments: [String], data: String)
    }

    /// A value a reader may report: the format and the exact bytes; `complete` is false for a reading
    /// that is right but leaves a part out (an EAN/UPC symbol read without its add-on).
    public struct Expected: Sendable, Equatable {
        public var format: BarcodeFormat
        public var bytes: [UInt8]
        public var complete: Bool

        public init(_ format: BarcodeFormat, _ bytes: [UInt8], complete: Bool = true) {
            self.format = format
            self.bytes = bytes
            self.complete = complete
        }

        public init(_ format: BarcodeFormat, _ text: String, complete: Bool = true) {
            self.init(format, Array(text.utf8), complete: complete)
        }
    }

    /// How a result compares with the symbol.
    public enum Verdict: Sendable, Equatable {
        case right, partial, wrong
    }

    /// The verdict on one reported result.
    public func judge(_ b: Barcode) -> Verdict {
        guard let e = accepted.first(where: { $0.format == b.format && $0.bytes == b.rawBytes }) else { return .wrong }
        return e.complete ? .right : .partial
    }
}
