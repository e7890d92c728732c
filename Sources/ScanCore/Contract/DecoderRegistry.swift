/// The plugins a decode can use, and the one decode entry point every front end calls.
///
/// ```swift
/// var registry = DecoderRegistry()
/// registry.register(MyDecoder())
/// let codes = registry.decode(FrameContext(frame: frame), options: DecodeOptions())
/// ```
///
/// Only the plugins serving a wanted format run (restricting formats makes decoding faster). The registry
/// owns the passes over a frame (``DecodePass/plan(_:width:height:)``): the first with
/// ``DecodeOptions/binarizer``, then the other binarizer, the negative and downscaled copies (of video
/// frames only where the frame's candidate map misses a close-up: ``DecodePass/coarseOnly``), each run
/// for the plugins that declare it helpful (``SymbologyDecoder/helpfulPasses``) while symbols may remain:
/// - `maxSymbols` is not reached;
/// - the pass's candidate map (``FrameContext/candidates``, which later passes see with the blocks of every
///   symbol read so far cleared: ``CandidateMap/removingBlocks(explainedBy:)``) still has candidate blocks
///   of the plugin's kind (``SymbologyKind``), so that the pass looks only where nothing was read;
/// - for the second binarizer, the plugin's earlier passes left places they could not read
///   (``PassOutcome/unresolved``), or, for a plugin that does not say, it has read nothing yet.
///
/// Within a pass, each matrix or stacked plugin runs without the candidate blocks inside the symbols the
/// plugins before it read, and is told their outlines (``FrameContext/readOutlines``; in later passes,
/// those of every two-dimensional symbol read so far): two symbols never share their area. All wanted
/// linear plugins read one pass together (``LinearScanner``: each scan line read once for all), after the
/// pass's other plugins, and without the candidate blocks whose centres lie inside the two-dimensional
/// symbols they read or within half a block of their outlines. In a downscaled pass with try-harder and rotation the linear engine reads only by
/// the mean of the lines along the bars, away from the places where the full-size lines read rival values
/// (``LinearScanner/scan(_:options:decoders:meanOnly:contested:)``): a symbol the full-size lines missed
/// and a downscaled copy reads is one blurred far beyond its modules, which the mean reads and single
/// lines at any scale do not.
/// A symbol found by two passes is reported once (``removingDuplicates(_:)``), a read of the scan-line
/// engine that is a piece of a longer one gives way to it (``isFragment(_:of:)``), and a linear symbol read
/// inside a stacked or matrix symbol's outline is part of that symbol, not reported. Corner points are in the
/// caller's pixels; results are ordered top to bottom, then left to right (``readingOrder(_:)``).
/// With ``DecodeOptions/searchWholeFrame`` every pass runs on the whole frame.
public struct DecoderRegistry: Sendable {
    /// Registered plugins in registration order.
    public private(set) var decoders: [any SymbologyDecoder] = []

    /// Images whose longer side is at least this many pixels are also tried downscaled: photos from
    /// phone and still cameras, where a close-up symbol's modules can outgrow the binarizers' windows.
    /// Video frames up to 1920×1080 are not; on the shared real and synthetic corpora, retrying every
    /// image of 1000 px or more at half and quarter size read no image more, and cost as much as a
    /// second full pass on every frame without a code.
    public static let downscaleThreshold = 2000
    /// Downscaled copies stop before their longer side falls below this many pixels.
    public static let smallestDownscaledSide = 300

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
        decode(frame, options: options, trace: nil)
    }

    /// ``decode(_:options:)``, telling `trace` (on the calling thread) the CPU time of each plugin's part
    /// of each pass as it ends (``PassTiming``); the scan-line engine's part is one for every linear plugin.
    public func decode(
        _ frame: FrameContext, options: DecodeOptions, trace: (@Sendable (PassTiming) -> Void)?
    ) -> [Barcode] {
        let plugins = decoders(for: options.formats)
        guard !plugins.isEmpty else { return [] }
        var run = PassRun(plugins: plugins, frame: frame, options: options, trace: trace)
        for pass in DecodePass.plan(options, width: frame.width, height: frame.height) {
            run.perform(pass)
            if run.isFull { break }
        }
        var found = DecoderRegistry.readingOrder(run.withoutLinearInside2D)
        if options.maxSymbols > 0 && found.count > options.maxSymbols {
            found = Array(found.prefix(options.maxSymbols))
        }
        return found
    }

    /// Decodes a frame (its luminance plane is taken with ``Frame/luminance()``).
    public func decode(_ frame: Frame, options: DecodeOptions) -> [Barcode] {
        decode(FrameContext(frame: frame), options: options)
    }

    /// Drops a result when an earlier one has the same format and bytes and their bounding boxes meet
    /// (the same symbol reported twice, e.g. read in both directions or by two passes).
    public static func removingDuplicates(_ codes: [Barcode]) -> [Barcode] {
        var kept: [Barcode] = []
        for c in codes where !isDuplicate(c, of: kept) { kept.append(c) }
        return kept
    }

    /// True when `code` repeats one of `kept` (same format and bytes, bounding boxes meeting).
    static func isDuplicate(_ code: Barcode, of kept: [Barcode]) -> Bool {
        let box = code.boundingBox
        return kept.contains { k in k.format == code.format && k.rawBytes == code.rawBytes && k.boundingBox.meets(box) }
    }

    /// True when the linear read `part` is a piece of the linear read `whole`: its centre lies inside
    /// `whole`'s outline, and it is shorter along its line than `whole` or (same format) its bytes are a
    /// shorter run of `whole`'s. The bars of a place belong to one symbol: a cut, a glare band or a
    /// scratch across them gave a line family or a pass the characters up to the damage, or a line
    /// slanted across the bars read a short symbol of another symbology (a UPC-E in a Code 93), which the
    /// symbology's rules could not tell from a whole symbol (no check character, or one that held by chance).
    static func isFragment(_ part: Barcode, of whole: Barcode) -> Bool {
        let p = part.rawBytes, w = whole.rawBytes
        guard part.cornerPoints.count == 4, whole.cornerPoints.count == 4,
            let centre = Quadrilateral.centre(part.cornerPoints)
        else { return false }
        guard Quadrilateral.contains(whole.cornerPoints, centre) else { return false }
        let length = { (b: Barcode) in
            ((b.cornerPoints[1] + b.cornerPoints[2]) * 0.5).distance(to: (b.cornerPoints[0] + b.cornerPoints[3]) * 0.5)
        }
        if length(part) < length(whole) { return true }
        guard part.format == whole.format, !p.isEmpty, p.count < w.count else { return false }
        return (0...(w.count - p.count)).contains { w[$0..<($0 + p.count)].elementsEqual(p) }
    }

    /// `codes` top to bottom, then left to right: symbols whose vertical extents overlap by at least half
    /// the smaller one's height are one row, ordered by their left edge; rows by their top. Stable for
    /// symbols at the same place.
    public static func readingOrder(_ codes: [Barcode]) -> [Barcode] {
        guard codes.count > 1 else { return codes }
        let boxes = codes.map(\.boundingBox)
        var order = Array(codes.indices).sorted { boxes[$0].y != boxes[$1].y ? boxes[$0].y < boxes[$1].y : $0 < $1 }
        var rows: [[Int]] = []
        for i in order {
            let b = boxes[i]
            if let r = rows.indices.last, let first = rows[r].first {
                let a = boxes[first]
                let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
                if overlap >= 0.5 * min(a.height, b.height) {
                    rows[r].append(i)
                    continue
                }
            }
            rows.append([i])
        }
        order = rows.flatMap { row in row.sorted { boxes[$0].x != boxes[$1].x ? boxes[$0].x < boxes[$1].x : $0 < $1 } }
        return order.map { codes[$0] }
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
