import ScanCore
import ScanValues

/// Decodes frames for one connection: crops the region of interest, asks the registry for the
/// connection's symbologies only, maps corner points back to full-frame pixels, and parses each value
/// (``ScanValues/ValueParser``: `value_type`, `value`, `display_value`).
struct ConnectionDecoder: Sendable {
    let registry: DecoderRegistry
    let options: DecodeOptions
    let regionOfInterest: RegionOfInterest?

    /// Every symbol in `frame` (corner points in `frame` pixels).
    func decode(_ frame: Frame) -> [Barcode] {
        decodeSymbols(frame).map { $0.withParsedValue() }
    }

    private func decodeSymbols(_ frame: Frame) -> [Barcode] {
        let image = frame.luminance()
        guard let roi = regionOfInterest else {
            return registry.decode(FrameContext(image: image), options: options)
        }
        return roi.decode(image, registry: registry, options: options)
    }
}
