import ScanCore

/// Reads single modules at detected-frame points (module units from the bull's-eye's centre).
public struct AztecModuleReader {
    /// 1 dark, 0 light, `nil` outside the image.
    public let module: (Double, Double) -> UInt8?

    /// From a bit matrix (majority of five pixels, see ``AztecDetector/sample(_:_:_:_:)``).
    public static func bits(_ m: BitMatrix, _ t: PerspectiveTransform) -> AztecModuleReader {
        AztecModuleReader { AztecDetector.sample(m, t, $0, $1) }
    }

    /// From luminance at module centres against a threshold halfway between the bull's-eye's dark rings
    /// and its light rings (rings 0–4 compact, 0–6 full-range); `nil` when they hardly differ. Blur
    /// shifts binarized edges but leaves module centres on the right side of that threshold.
    public static func luminance(_ image: LuminanceImage, _ t: PerspectiveTransform, compact: Bool)
        -> AztecModuleReader?
    {
        guard
            let threshold = AztecDetector.bullseyeThreshold(
                compact: compact, { u, v in AztecDetector.luminance(image, t.apply(Point(Double(u), Double(v)))) })
        else { return nil }
        return AztecModuleReader { u, v in
            AztecDetector.luminance(image, t.apply(Point(u, v))).map { $0 < threshold ? 1 : 0 }
        }
    }
}
