/// A width and height in pixels.
public struct FrameSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    /// `640x480`.
    public var description: String { "\(width)x\(height)" }
}

/// The frame sizes a device offers for one pixel format (`VIDIOC_ENUM_FRAMESIZES`).
public enum FrameSizes: Sendable, Equatable {
    /// A list of sizes.
    case discrete([FrameSize])
    /// Every size from `min` to `max` in steps of `step` (a continuous range has steps of 1).
    case stepwise(min: FrameSize, max: FrameSize, step: FrameSize)

    /// The offered size closest to `request`: the smallest sum of the width and height differences; on a
    /// tie the larger size. A stepwise range is clamped and rounded to its steps. Nil when the list is empty.
    public func closest(to request: FrameSize) -> FrameSize? {
        switch self {
        case .discrete(let sizes):
            return sizes.min { a, b in
                let da = abs(a.width - request.width) + abs(a.height - request.height)
                let db = abs(b.width - request.width) + abs(b.height - request.height)
                return da != db ? da < db : a.width * a.height > b.width * b.height
            }
        case .stepwise(let lo, let hi, let step):
            func fit(_ want: Int, _ lo: Int, _ hi: Int, _ step: Int) -> Int {
                let step = max(1, step)
                let clamped = min(max(want, lo), hi)
                let steps = ((Double(clamped - lo) / Double(step))).rounded()
                return min(hi, lo + Int(steps) * step)
            }
            return FrameSize(
                width: fit(request.width, lo.width, hi.width, step.width),
                height: fit(request.height, lo.height, hi.height, step.height))
        }
    }
}

/// The frame rates a device offers for one format and size (`VIDIOC_ENUM_FRAMEINTERVALS`), in frames per
/// second.
public enum FrameRates: Sendable, Equatable {
    /// A list of rates.
    case discrete([Double])
    /// Any rate from `min` to `max` frames per second.
    case range(min: Double, max: Double)
    /// The driver does not say (not every driver implements the enumeration).
    case unknown

    /// The offered rate closest to `request`, or the highest when `request` is nil. Nil when unknown.
    public func closest(to request: Double?) -> Double? {
        switch self {
        case .discrete(let rates):
            guard let request else { return rates.max() }
            return rates.min { abs($0 - request) < abs($1 - request) }
        case .range(let lo, let hi):
            guard let request else { return hi }
            return min(max(request, lo), hi)
        case .unknown:
            return nil
        }
    }
}

/// One pixel format a device offers (`VIDIOC_ENUM_FMT`) with its sizes.
public struct FormatCapability: Sendable, Equatable {
    /// The V4L2 code.
    public var fourcc: FourCC
    /// The driver's description ("YUYV 4:2:2").
    public var description: String
    /// True when libv4l2 converts to this format in software rather than the driver delivering it.
    public var emulated: Bool
    /// The sizes offered in this format.
    public var sizes: FrameSizes
    public init(fourcc: FourCC, description: String = "", emulated: Bool = false, sizes: FrameSizes) {
        self.fourcc = fourcc
        self.description = description
        self.emulated = emulated
        self.sizes = sizes
    }
}

/// What a session asks of a camera.
public struct ModeRequest: Sendable, Equatable {
    public var pixelFormat: CameraPixelFormat
    public var size: FrameSize
    /// Frames per second; nil: the highest offered.
    public var fps: Double?
    public init(pixelFormat: CameraPixelFormat, size: FrameSize, fps: Double? = nil) {
        self.pixelFormat = pixelFormat
        self.size = size
        self.fps = fps
    }
}

/// The mode chosen for a request, and what differs from it.
public struct NegotiatedMode: Sendable, Equatable, CustomStringConvertible {
    public var pixelFormat: CameraPixelFormat
    public var size: FrameSize
    /// Frames per second; nil when the driver does not enumerate rates (its default is used).
    public var fps: Double?
    /// One sentence per way the mode differs from the request (empty when it is exactly what was asked).
    public var differences: [String]
    public init(pixelFormat: CameraPixelFormat, size: FrameSize, fps: Double?, differences: [String] = []) {
        self.pixelFormat = pixelFormat
        self.size = size
        self.fps = fps
        self.differences = differences
    }

    /// Takes the rate the driver reports after `VIDIOC_S_PARM` (or `VIDIOC_G_PARM` when no rate was asked
    /// for); nil when it does not say, which keeps ``fps``. A rate other than the chosen one is noted in
    /// ``differences``.
    public mutating func recordDriverRate(_ actual: Double?) {
        guard let actual else { return }
        if let fps, abs(actual - fps) > 0.01 {
            differences.append("the driver set \(formatRate(actual)) fps instead of \(formatRate(fps))")
        }
        fps = actual
    }

    /// `yuyv 640x480 @ 30 fps` followed by the differences in parentheses.
    public var description: String {
        var text = "\(pixelFormat.rawValue) \(size)"
        if let fps { text += " @ \(formatRate(fps)) fps" }
        if !differences.isEmpty { text += " (\(differences.joined(separator: "; ")))" }
        return text
    }
}

/// A rate to the hundredth, without a fraction when it rounds to a whole number (`30`, not `30.0`, for the
/// 30.00003 fps of a 333333/10000000 s interval; `59.94`).
func formatRate(_ fps: Double) -> String {
    let hundredths = (fps * 100).rounded() / 100
    return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
}

/// Chooses the supported mode closest to a request. Pure: works on capability lists, so it is tested
/// without a camera.
///
/// 1. Format: the requested one when offered (by the driver rather than emulated by libv4l2, if both);
///    otherwise the first offered of ``CameraPixelFormat/fallbackOrder``, driver formats before emulated.
/// 2. Size: the closest offered in that format (``FrameSizes/closest(to:)``).
/// 3. Rate: asked separately with ``chooseRate(_:offered:)``, because rates are enumerated per size.
public enum ModeNegotiation {
    /// The problem when no offered format can be converted.
    public struct NoUsableFormat: Error, CustomStringConvertible, Equatable {
        public var offered: [FourCC]
        public var description: String {
            let list = offered.isEmpty ? "none" : offered.map(\.description).joined(separator: ", ")
            let known = CameraPixelFormat.allCases.map(\.fourcc.description).joined(separator: ", ")
            return "the device offers no pixel format scanctl can read (offered: \(list); readable: \(known))"
        }
    }

    /// The format and size for `request` among `formats` (step 1 and 2 above).
    public static func chooseFormatAndSize(_ request: ModeRequest, among formats: [FormatCapability])
        throws(NoUsableFormat) -> (format: FormatCapability, pixelFormat: CameraPixelFormat, size: FrameSize)
    {
        let usable = formats.filter {
            CameraPixelFormat(fourcc: $0.fourcc) != nil && $0.sizes.closest(to: request.size) != nil
        }
        // The requested format wins even when emulated; then driver formats before emulated ones, in
        // fallback order.
        func key(_ f: FormatCapability) -> (Int, Int, Int) {
            let pf = CameraPixelFormat(fourcc: f.fourcc) ?? .mjpeg
            return (
                pf == request.pixelFormat ? 0 : 1, f.emulated ? 1 : 0,
                CameraPixelFormat.fallbackOrder.firstIndex(of: pf) ?? 99
            )
        }
        let ranked = usable.sorted { key($0) < key($1) }
        guard let best = ranked.first, let pf = CameraPixelFormat(fourcc: best.fourcc),
            let size = best.sizes.closest(to: request.size)
        else { throw NoUsableFormat(offered: formats.map(\.fourcc)) }
        return (best, pf, size)
    }

    /// The rate for `request` among `offered` (the rates of the chosen format and size).
    public static func chooseRate(_ request: Double?, offered: FrameRates) -> Double? {
        offered.closest(to: request)
    }

    /// The whole negotiation: format, size, then the rate `rates` reports for them, with the differences
    /// from the request spelled out.
    public static func negotiate(
        _ request: ModeRequest, among formats: [FormatCapability],
        rates: (FourCC, FrameSize) -> FrameRates
    ) throws(NoUsableFormat) -> NegotiatedMode {
        let (format, pixelFormat, size) = try chooseFormatAndSize(request, among: formats)
        let offered = rates(format.fourcc, size)
        let fps = offered == .unknown ? request.fps : chooseRate(request.fps, offered: offered)
        var differences: [String] = []
        if pixelFormat != request.pixelFormat {
            differences.append("\(request.pixelFormat.rawValue) is not offered")
        }
        if size != request.size { differences.append("\(request.size) is not offered, closest size chosen") }
        if let want = request.fps {
            if offered == .unknown {
                differences.append("the device does not list frame rates, \(formatRate(want)) fps is requested as is")
            } else if let fps, abs(fps - want) > 0.01 {
                differences.append("\(formatRate(want)) fps is not offered, closest rate chosen")
            }
        }
        return NegotiatedMode(pixelFormat: pixelFormat, size: size, fps: fps, differences: differences)
    }
}
