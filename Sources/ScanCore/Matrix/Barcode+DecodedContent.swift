import Foundation

extension Barcode {
    /// The result for a matrix symbol: its decoded content and its place in the image.
    ///
    /// `rawValue`, `rawBytes`, `symbologyIdentifier` and `structuredAppend` come from `content`;
    /// `valueType` is ``ValueType/gs1`` for FNC1 in the first position, else ``ValueType/text``;
    /// `orientation` is the direction from the first corner to the second (``orientation(from:to:)``).
    /// `metadata` holds `content.metadata`, then `metadata` (the symbol's own facts: version, size,
    /// corrections …, which win on a shared key), then `eci` (the designators, comma-separated),
    /// `application_indicator` (FNC1 in the second position) and `reader_initialisation` ("true").
    ///
    /// `cornerPoints` are the symbol's outer corners in its own order: top-left, top-right, bottom-right,
    /// bottom-left (clockwise on the symbol, so counter-clockwise in the image for a mirrored symbol).
    public init(
        format: BarcodeFormat, content: DecodedContent, cornerPoints: [Point], isMirrored: Bool,
        errorCorrectionLevel: String? = nil, metadata symbolMetadata: [String: String] = [:]
    ) {
        var metadata = content.metadata.merging(symbolMetadata) { _, symbol in symbol }
        if !content.ecis.isEmpty { metadata["eci"] = content.ecis.map(String.init).joined(separator: ",") }
        if case .second(let ai) = content.fnc1 { metadata["application_indicator"] = ai }
        if content.readerInitialisation { metadata["reader_initialisation"] = "true" }
        let orientation = cornerPoints.count >= 2 ? Self.orientation(from: cornerPoints[0], to: cornerPoints[1]) : 0
        self.init(
            format: format, rawValue: content.text, rawBytes: content.bytes,
            valueType: content.fnc1 == .first ? .gs1 : .text, cornerPoints: cornerPoints,
            symbologyIdentifier: content.symbologyIdentifier, errorCorrectionLevel: errorCorrectionLevel,
            orientation: orientation, isMirrored: isMirrored, structuredAppend: content.structuredAppend,
            metadata: metadata)
    }

    /// The reading direction of a symbol whose top edge runs from `topLeft` to `topRight`: degrees in
    /// [0, 360), clockwise from the image's x axis (y runs down), as ``orientation`` states it.
    public static func orientation(from topLeft: Point, to topRight: Point) -> Double {
        normalizedOrientation(atan2(topRight.y - topLeft.y, topRight.x - topLeft.x) * 180 / Double.pi)
    }
}
