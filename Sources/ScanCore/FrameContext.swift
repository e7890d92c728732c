import Synchronization

/// What every decoder reads for one frame: the luminance plane and the data derived from it, computed
/// lazily and at most once per frame whichever plugin asks first (binarized matrices, the inverted view,
/// downscaled copies, the ``candidates`` map). Safe to share between plugins running on several threads.
///
/// All coordinates are pixels of ``image`` (origin top left, x right, y down).
public final class FrameContext: Sendable {
    /// The luminance plane decoders read.
    public let image: LuminanceImage
    /// True when this context is the photographic negative of the frame (see ``inverted``).
    public let isInverted: Bool

    private struct Cache {
        var local: BitMatrix?
        var global: BitMatrix?
        var inverted: FrameContext?
        var downscaled: [Int: FrameContext] = [:]
        var candidates: CandidateMap?
    }
    private let cache = Mutex(Cache())
    /// Scan lines already read by the linear engine, shared by every linear plugin of this frame.
    let lineCache = Mutex([LinearScanner.LineKey: ScanLine]())

    /// A context over `image`.
    public init(image: LuminanceImage, isInverted: Bool = false) {
        self.image = image
        self.isInverted = isInverted
    }

    /// A context over a frame's luminance plane (see ``Frame/luminance()``).
    public convenience init(frame: Frame) {
        self.init(image: frame.luminance())
    }

    /// A context over `image` whose candidate map is already known (the inverted view shares its
    /// parent's: negating an image negates its gradients, which leaves the map unchanged).
    init(image: LuminanceImage, isInverted: Bool, candidates: CandidateMap?) {
        self.image = image
        self.isInverted = isInverted
        cache.withLock { $0.candidates = candidates }
    }

    public var width: Int { image.width }

    /// Where code-like structure is (``CandidateMap``), computed on first use.
    public var candidates: CandidateMap {
        if let m = cache.withLock({ $0.candidates }) { return m }
        let m = CandidateMap.compute(image)
        return cache.withLock { c in
            if let existing = c.candidates { return existing }
            c.candidates = m
            return m
        }
    }
    public var height: Int { image.height }

    /// The image binarized by `kind`, computed on first use.
    public func binarized(_ kind: BinarizerKind) -> BitMatrix {
        switch kind {
        case .local:
            if let m = cache.withLock({ $0.local }) { return m }
            let m = LocalBinarizer.binarize(image)
            return cache.withLock { c in
                if let existing = c.local { return existing }
                c.local = m
                return m
            }
        case .globalHistogram:
            if let m = cache.withLock({ $0.global }) { return m }
            let m = GlobalHistogramBinarizer.binarize(image)
            return cache.withLock { c in
                if let existing = c.global { return existing }
                c.global = m
                return m
            }
        }
    }

    /// The negative image (255 − luminance), for light-on-dark symbols; computed on first use.
    /// Coordinates are the same as this context's.
    public var inverted: FrameContext {
        if let c = cache.withLock({ $0.inverted }) { return c }
        let made = FrameContext(image: image.inverted(), isInverted: !isInverted,
                                candidates: cache.withLock { $0.candidates })
        return cache.withLock { c in
            if let existing = c.inverted { return existing }
            c.inverted = made
            return made
        }
    }

    /// The image shrunk by an integer `factor` (block mean), computed on first use.
    /// A point p in the result is p × factor in this context's pixels.
    public func downscaled(by factor: Int) -> FrameContext {
        if let c = cache.withLock({ $0.downscaled[factor] }) { return c }
        let made = FrameContext(image: image.downscaled(by: factor), isInverted: isInverted)
        return cache.withLock { c in
            if let existing = c.downscaled[factor] { return existing }
            c.downscaled[factor] = made
            return made
        }
    }
}
