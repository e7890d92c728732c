/// The plugins a decode can use, and the one decode entry point every front end calls.
///
/// ```swift
/// var registry = DecoderRegistry()
/// registry.register(MyDecoder())
/// let codes = registry.decode(FrameContext(frame: frame), options: DecodeOptions())
/// ```
///
/// Only the plugins serving a wanted format run (restricting formats makes decoding faster). When
/// nothing is found, the registry retries on the inverted image (`tryInvert`; `tryHarder` off for matrix
/// symbologies) and
/// on downscaled copies of large images (`tryDownscale`), mapping corner points back to the caller's
/// pixels. Those retries are
/// skipped when the frame's ``CandidateMap`` holds no candidate at all (the common no-code frame of a live
/// stream), unless ``DecodeOptions/searchWholeFrame`` is set.
public struct DecoderRegistry: Sendable {
    /// Registered plugins in registration order.
    public private(set) var decoders: [any SymbologyDecoder] = []

    /// Images whose longer side is at least this many pixels are also tried downscaled: photos from
    /// phone and still cameras, where a close-up symbol's modules can outgrow the binarizers' windows.
    /// Video frames up to 1920×1080 are not; on the shared real and synthetic corpora, retrying every
    /// image of 1000 px or more at half and quarter size read no image more, and cost as much as a
    /// second full pass on every frame without a code.
    public static let downscaleThreshold = 2000

    public init(_ decoders: [any SymbologyDecoder] = []) {
        self.decoders = decoders
    }

    /// Adds a plugin. A later plugin serving an already served format runs as well (both may report).
    public mutating func register(_ decoder: any SymbologyDecoder) {
        decoders.append(decoder)
    }

    /// Every format some plugin serves.
    public var formats: Set<BarcodeFormat> { decoders.reduce(into: []) { $0.formUnion($1.formats) } }

    /// The plugins that serve at least one of `formats` (all plugins for an empty set).
    public func decoders(for formats: Set<BarcodeFormat>) -> [any SymbologyDecoder] {
        formats.isEmpty ? decoders : decoders.filter { !$0.formats.isDisjoint(with: formats) }
    }

    /// All symbols of the wanted formats; corner points in pixels of `frame.image`. Never throws: an image
    /// with nothing readable gives `[]`.
    public func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        let plugins = decoders(for: options.formats)
        guard !plugins.isEmpty else { return [] }
        var found = run(plugins, on: frame, options: options)
        let retry = found.isEmpty && (options.searchWholeFrame || !frame.candidates.isEmpty)
        if found.isEmpty && retry && options.tryInvert {
            // Matrix symbols that are light on dark are marked or printed so on purpose (laser etching,
            // inverse labels) and read without the try-harder passes, which keeps the retry on a frame
            // without a code cheap. Linear symbols keep them: light bars on a dark can or tin are as worn
            // as any, and the linear retry reuses the positive's scan lines.
            var inverse = options
            inverse.tryHarder = false
            found = run(plugins, on: frame.inverted, options: options, matrixOptions: inverse).map { b in
                var b = b
                b.isInverted = true
                return b
            }
        }
        let longSide = max(frame.width, frame.height)
        if found.isEmpty && retry && options.tryDownscale && longSide >= DecoderRegistry.downscaleThreshold {
            var factor = 2
            while found.isEmpty && longSide / factor >= 300 {
                let small = frame.downscaled(by: factor)
                found = run(plugins, on: small, options: options).map { $0.scaled(by: Double(factor)) }
                factor *= 2
            }
        }
        found = DecoderRegistry.removingDuplicates(found)
        if options.maxSymbols > 0 && found.count > options.maxSymbols {
            found = Array(found.prefix(options.maxSymbols))
        }
        return found
    }

    /// Decodes a frame (its luminance plane is taken with ``Frame/luminance()``).
    public func decode(_ frame: Frame, options: DecodeOptions) -> [Barcode] {
        decode(FrameContext(frame: frame), options: options)
    }

    /// Runs `plugins` on `frame`; plugins serving a matrix (2D) format get `matrixOptions` when given.
    private func run(
        _ plugins: [any SymbologyDecoder], on frame: FrameContext, options: DecodeOptions,
        matrixOptions: DecodeOptions? = nil
    ) -> [Barcode] {
        var out: [Barcode] = []
        for plugin in plugins {
            let o = plugin.formats.allSatisfy(\.isLinear) ? options : (matrixOptions ?? options)
            out += plugin.decode(frame, options: o).filter { options.wants($0.format) }
            if options.maxSymbols > 0 && out.count >= options.maxSymbols { break }
        }
        return out
    }

    /// Drops a result when an earlier one has the same format and bytes and their bounding boxes meet
    /// (the same symbol reported twice, e.g. read in both directions or by two passes).
    public static func removingDuplicates(_ codes: [Barcode]) -> [Barcode] {
        var kept: [Barcode] = []
        for c in codes {
            let box = c.boundingBox
            let twin = kept.contains { k in
                k.format == c.format && k.rawBytes == c.rawBytes && k.boundingBox.meets(box)
            }
            if !twin { kept.append(c) }
        }
        return kept
    }
}

extension Rect {
    /// True when the two rectangles overlap or touch (a degenerate rectangle counts as its segment).
    public func meets(_ other: Rect) -> Bool {
        x <= other.x + other.width && other.x <= x + width && y <= other.y + other.height
            && other.y <= y + height
    }
}

extension Barcode {
    /// The same barcode with its corner points multiplied by `factor` (from a downscaled image back to the
    /// original's pixels).
    public func scaled(by factor: Double) -> Barcode {
        var b = self
        b.cornerPoints = cornerPoints.map { $0 * factor }
        return b
    }
}
