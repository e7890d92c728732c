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
        var otsuThreshold: Int?
        var memo: [MemoKey: any Sendable] = [:]
    }
    /// Derivations of ``image``, shared with the contexts ``restricted(to:readOutlines:)`` makes.
    private final class Derived: Sendable {
        let cache = Mutex(Cache())
    }
    private let derived: Derived
    /// The candidate map this context offers in place of the computed one (see ``restricted(to:readOutlines:)``).
    private let candidateOverride: CandidateMap?
    /// Outlines of the two-dimensional (matrix and stacked) symbols already read in this frame (corner
    /// points in this context's pixels), which the registry hands to the plugins after them
    /// (``restricted(to:readOutlines:)``): two symbols never share their area, so a plugin need not look
    /// for a symbol centred inside one (the built-in plugins leave out what their detectors find centred
    /// inside one: Data Matrix candidates, QR Code finder patterns, Aztec bull's-eyes). Linear symbols are not among them: a linear read can be a misread
    /// through a 2D symbol's modules. Empty otherwise.
    public let readOutlines: [[Point]]
    /// What a frame and its negative (``inverted``) share: work done on one serves the other.
    let shared: SharedDerivations
    /// True when ``image`` is the negative of the image `shared` holds derivations of.
    let negatesShared: Bool

    /// A context over `image`.
    public init(image: LuminanceImage, isInverted: Bool = false) {
        self.image = image
        self.isInverted = isInverted
        shared = SharedDerivations()
        negatesShared = false
        derived = Derived()
        candidateOverride = nil
        readOutlines = []
    }

    /// A context over a frame's luminance plane (see ``Frame/luminance()``).
    public convenience init(frame: Frame) {
        self.init(image: frame.luminance())
    }

    /// A context over `image` whose candidate map is already known (the inverted view shares its
    /// parent's: negating an image negates its gradients, which leaves the map unchanged).
    init(negativeOf parent: FrameContext, image: LuminanceImage) {
        self.image = image
        isInverted = !parent.isInverted
        shared = parent.shared
        negatesShared = !parent.negatesShared
        derived = Derived()
        candidateOverride = nil
        readOutlines = []
        derived.cache.withLock { $0.candidates = parent.derived.cache.withLock { $0.candidates } }
    }

    /// A context over the same image with every derivation shared, whose ``candidates`` are `map`.
    private init(restricting base: FrameContext, to map: CandidateMap, readOutlines outlines: [[Point]]) {
        image = base.image
        isInverted = base.isInverted
        shared = base.shared
        negatesShared = base.negatesShared
        derived = base.derived
        candidateOverride = map
        readOutlines = outlines
    }

    /// This frame with `map` (a map of this image, usually ``candidates`` with some blocks cleared) as its
    /// candidate map and `readOutlines` as its ``readOutlines``, and every other derivation (binarized
    /// matrices, scan lines, the negative's) shared: the registry's later passes, and the plugins after
    /// one that read a symbol, look only where the symbols read so far leave something unexplained.
    public func restricted(to map: CandidateMap, readOutlines: [[Point]] = []) -> FrameContext {
        FrameContext(restricting: base, to: map, readOutlines: readOutlines)
    }

    /// The unrestricted context this one shares its derivations with (itself when not restricted).
    private var base: FrameContext { candidateOverride == nil ? self : FrameContext(sharing: self) }

    /// A context equal to `other` without its candidate override.
    private init(sharing other: FrameContext) {
        image = other.image
        isInverted = other.isInverted
        shared = other.shared
        negatesShared = other.negatesShared
        derived = other.derived
        candidateOverride = nil
        readOutlines = []
    }

    public var width: Int { image.width }

    /// Where code-like structure is (``CandidateMap``), computed on first use.
    public var candidates: CandidateMap {
        if let candidateOverride { return candidateOverride }
        if let m = derived.cache.withLock({ $0.candidates }) { return m }
        // The map is made from the half image, which the downscaled pass by 2 reads too.
        let half = image.width >= 2 && image.height >= 2 ? downscaled(by: 2).image : nil
        let m = CandidateMap.compute(image, half: half)
        return derived.cache.withLock { c in
            if let existing = c.candidates { return existing }
            c.candidates = m
            return m
        }
    }
    public var height: Int { image.height }

    /// The image binarized by `kind`, computed on first use.
    public func binarized(_ kind: BinarizerKind) -> BitMatrix {
        if let m = derived.cache.withLock({ kind == .local ? $0.local : $0.global }) { return m }
        let m: BitMatrix
        if negatesShared, let positive = shared.binarized.withLock({ $0[kind] }) {
            // The negative's binarization is the complement of the positive's (up to pixels exactly at
            // the threshold): one pass instead of binarizing again.
            m = positive.complemented()
        } else {
            // Both binarizers may need the image's Otsu threshold: computed once.
            m =
                kind == .local
                ? LocalBinarizer.binarize(image, fallbackThreshold: { self.otsuThreshold })
                : GlobalHistogramBinarizer.binarize(image, threshold: otsuThreshold)
            if !negatesShared { shared.binarized.withLock { $0[kind] = $0[kind] ?? m } }
        }
        return derived.cache.withLock { c in
            if let existing = kind == .local ? c.local : c.global { return existing }
            if kind == .local { c.local = m } else { c.global = m }
            return m
        }
    }

    /// The Otsu threshold of ``image`` (``GlobalHistogramBinarizer/threshold(of:)``), computed on first use.
    public var otsuThreshold: Int {
        if let t = derived.cache.withLock({ $0.otsuThreshold }) { return t }
        let t = GlobalHistogramBinarizer.threshold(of: image)
        derived.cache.withLock { $0.otsuThreshold = t }
        return t
    }

    /// The negative image (255 − luminance), for light-on-dark symbols; computed on first use.
    /// Coordinates are the same as this context's.
    public var inverted: FrameContext {
        if let candidateOverride {
            return base.inverted.restricted(to: candidateOverride, readOutlines: readOutlines)
        }
        if let c = derived.cache.withLock({ $0.inverted }) { return c }
        let made = FrameContext(negativeOf: self, image: image.inverted())
        return derived.cache.withLock { c in
            if let existing = c.inverted { return existing }
            c.inverted = made
            return made
        }
    }

    /// The value `compute` gives for `key`, computed once for this frame's ``image`` and kept for later
    /// calls with an equal key: a plugin whose passes repeat work that depends on the image alone (not on
    /// the pass's binarization or options) does it once per frame. Contexts made by ``restricted(to:readOutlines:)``
    /// share the memo; the negative (``inverted``) and downscaled copies have their own, as their images
    /// differ. Keys of different types never match, so a plugin owns its entries by using a key type of
    /// its own. `compute` runs outside the lock (two threads asking at once may both compute; the first
    /// stored value is kept) and must be a function of the image and the key only.
    public func memoized<Key: Hashable & Sendable, Value: Sendable>(_ key: Key, _ compute: () -> Value) -> Value {
        let k = MemoKey(type: ObjectIdentifier(Key.self), base: AnyHashable(key))
        // Unwrapped before the cast: a missing entry cast to an optional `Value` would pass as nil.
        if let stored = derived.cache.withLock({ $0.memo[k] }), let v = stored as? Value { return v }
        let v = compute()
        return derived.cache.withLock { c in
            if let stored = c.memo[k], let existing = stored as? Value { return existing }
            c.memo[k] = v
            return v
        }
    }

    /// The image shrunk by an integer `factor` (block mean), computed on first use.
    /// A point p in the result is p × factor in this context's pixels.
    public func downscaled(by factor: Int) -> FrameContext {
        if let c = derived.cache.withLock({ $0.downscaled[factor] }) { return c }
        let made = FrameContext(image: image.downscaled(by: factor), isInverted: isInverted)
        return derived.cache.withLock { c in
            if let existing = c.downscaled[factor] { return existing }
            c.downscaled[factor] = made
            return made
        }
    }
}

/// A key of ``FrameContext/memoized(_:_:)``: the caller's key, which is `Sendable`, type-erased
/// (`AnyHashable` itself is not marked `Sendable`), with its type: `AnyHashable` alone takes equal numbers
/// of different integer types, and an optional and its value, as equal.
struct MemoKey: Hashable, @unchecked Sendable {
    let type: ObjectIdentifier
    let base: AnyHashable
}

/// Work on a frame that its negative can reuse: binarized matrices and scan lines, in the polarity of
/// the context that created it.
final class SharedDerivations: Sendable {
    let binarized = Mutex([BinarizerKind: BitMatrix]())
    /// Scan lines already read by the linear engine, shared by every linear plugin of the frame.
    let lines = Mutex([LinearScanner.LineKey: LinearScanner.LineBothWays]())
    /// The means of the lines along the bars the linear engine formed, by group of candidate blocks
    /// (x, y and angle × 100 of each block), nil where none formed (``LinearScanner/MeanProfile``).
    let means = Mutex([[Int]: LinearScanner.MeanProfile.Prepared?]())
    /// The outlines (image pixels) of the places where the linear engine's lines read rival values
    /// without a winner, in any pass over this image or its negative: the downscaled passes' mean leaves
    /// them alone, as the full-size mean does (``LinearScanner/scan(_:options:decoders:meanOnly:contested:)``).
    let contested = Mutex([[Point]]())
}
