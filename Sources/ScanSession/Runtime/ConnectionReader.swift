import ScanCore
import ScanValues

/// A connection's reading step (not a symbology decoder): takes the region of interest's context of the
/// shared frame (one per frame and region for all connections of an input, ``SharedFrame``), asks the
/// registry's decoders for the connection's symbologies only, maps corner points back to full-frame
/// pixels, and parses each value (``ScanValues/ValueParser``: `value_type`, `value`, `display_value`).
struct ConnectionReader: Sendable {
    let registry: DecoderRegistry
    let options: DecodeOptions
    let regionOfInterest: RegionOfInterest?

    /// Every symbol in `frame` (corner points in `frame` pixels).
    func read(_ frame: SharedFrame) -> [Barcode] {
        guard let (context, origin) = frame.context(region: regionOfInterest) else { return [] }
        return registry.decode(context, options: options).map { code in
            var code = code
            if origin.x != 0 || origin.y != 0 { code.cornerPoints = code.cornerPoints.map { $0 + origin } }
            return code.withParsedValue()
        }
    }
}
