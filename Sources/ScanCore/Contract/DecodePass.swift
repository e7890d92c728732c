/// One pass of ``DecoderRegistry`` over a frame: which image the plugins read (the frame, its negative or
/// a downscaled copy) and which binarizer.
///
/// The first pass reads the frame with ``DecodeOptions/binarizer``. The others, in this order, each only
/// while symbols may remain (see ``DecoderRegistry``): the other binarizer (`tryHarder`), the negative
/// (`tryInvert`), and copies shrunk by 2, 4, … (`tryDownscale`) while their longer side is at least
/// ``DecoderRegistry/smallestDownscaledSide``. Over images whose longer side is at least
/// ``DecoderRegistry/downscaleThreshold`` a downscaled pass looks wherever candidate blocks are left; over
/// smaller ones (video frames) only where the copy's map has matrix blocks along a grid and the frame's
/// map has no candidate at all (``coarseOnly``).
public struct DecodePass: Sendable, Equatable, CustomStringConvertible {
    /// The passes after the first.
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        /// The binarizer that is not ``DecodeOptions/binarizer``.
        case secondBinarizer = "second_binarizer"
        /// The photographic negative, for light-on-dark symbols.
        case inverted
        /// A copy shrunk by an integer factor (large modules, strong blur).
        case downscaled
    }

    /// Nil for the first pass.
    public var kind: Kind?
    public var binarizer: BinarizerKind
    /// Read the negative (255 − luminance).
    public var inverted: Bool
    /// The frame is shrunk by this factor (1: full size); a point p of the pass is p × scale in the frame.
    public var scale: Int
    /// A downscaled pass that runs the matrix plugins only on the matrix blocks of the copy's candidate
    /// map over which the frame's own map has no candidate block of either kind and whose edges run
    /// along a grid (``CandidateMap/matrixBlocks(unseenBy:scale:)``), when 3 × 3 of them or more are
    /// left: matrix symbols whose modules are more than a block (16 px), close-ups that leave the
    /// frame's blocks with one straight edge or none.
    public var coarseOnly: Bool

    public init(
        kind: Kind?, binarizer: BinarizerKind, inverted: Bool = false, scale: Int = 1, coarseOnly: Bool = false
    ) {
        self.kind = kind
        self.binarizer = binarizer
        self.inverted = inverted
        self.scale = scale
        self.coarseOnly = coarseOnly
    }

    public var description: String {
        (kind?.rawValue ?? "first") + " (\(binarizer.rawValue)" + (inverted ? ", inverted" : "")
            + (scale > 1 ? ", 1/\(scale)" : "") + (coarseOnly ? ", coarse only" : "") + ")"
    }

    /// The passes for `options` over a frame of `width` × `height` pixels, in order.
    public static func plan(_ options: DecodeOptions, width: Int, height: Int) -> [DecodePass] {
        let first = options.binarizer
        var passes = [DecodePass(kind: nil, binarizer: first)]
        if options.tryHarder, let other = BinarizerKind.allCases.first(where: { $0 != first }) {
            passes.append(DecodePass(kind: .secondBinarizer, binarizer: other))
        }
        if options.tryInvert { passes.append(DecodePass(kind: .inverted, binarizer: first, inverted: true)) }
        let longSide = max(width, height)
        if options.tryDownscale {
            let coarseOnly = longSide < DecoderRegistry.downscaleThreshold
            var factor = 2
            while longSide / factor >= DecoderRegistry.smallestDownscaledSide {
                passes.append(DecodePass(kind: .downscaled, binarizer: first, scale: factor, coarseOnly: coarseOnly))
                factor *= 2
            }
        }
        return passes
    }
}
