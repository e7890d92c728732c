import Foundation

/// How one stress symbol is drawn and damaged. Lengths in modules unless said otherwise; positions along
/// the symbol as fractions of its width or height (0…1).
public struct StressScene: Sendable {
    /// Pixels per module before any damage rescales the image.
    public var moduleSize: Double
    /// Height of a linear symbol's bars, and of one row of a stacked symbol, in modules.
    public var barHeight: Double
    /// Light margin around the symbol, in modules (linear symbols keep at least their quiet zone).
    public var quietZone: Double
    /// Turn of the symbol, degrees clockwise.
    public var rotation: Double
    /// Grey of the dark modules and of the paper.
    public var dark: Double
    public var light: Double
    /// What happens to the image after drawing, in order.
    public var damages: [StressDamage]

    public init(
        moduleSize: Double, barHeight: Double, quietZone: Double, rotation: Double, dark: Double, light: Double,
        damages: [StressDamage]
    ) {
        self.moduleSize = moduleSize
        self.barHeight = barHeight
        self.quietZone = quietZone
        self.rotation = rotation
        self.dark = dark
        self.light = light
        self.damages = damages
    }
}

/// One kind of damage (the list: cut through, occluded, blurred, noised, a glare stripe across,
/// scaled down).
public enum StressDamage: Sendable, CustomStringConvertible {
    /// A band of paper across the symbol: its centre (fraction along the symbol's width and height), its
    /// direction in degrees and its width in modules.
    case cut(at: Double, angle: Double, width: Double)
    /// The image cropped through the symbol: the share of the symbol's extent removed from one side
    /// (negative: the crop stays in the margin, that share of the extent away from the symbol)
    /// (0 left, 1 top, 2 right, 3 bottom).
    case crop(side: Int, share: Double)
    /// A rectangle of one grey over part of the symbol: centre (fractions), size (fractions of the
    /// symbol's width and height), grey level.
    case occlude(x: Double, y: Double, width: Double, height: Double, grey: Double)
    /// Gaussian blur, sigma in modules.
    case blur(sigma: Double)
    /// Gaussian noise, sigma in grey levels.
    case noise(sigma: Double)
    /// A bright stripe across: centre (fraction), direction (degrees), width (modules), added brightness.
    case glare(at: Double, angle: Double, width: Double, strength: Double)
    /// The whole image resampled to this share of its size (area averaging).
    case scale(Double)

    public var description: String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        switch self {
        case .cut(let a, let angle, let w): return "cut(at \(f(a)), \(f(angle))°, \(f(w)) modules)"
        case .crop(let side, let share): return "crop(side \(side), \(f(share)))"
        case .occlude(let x, let y, let w, let h, let g):
            return "occlude(\(f(x)),\(f(y)) \(f(w))×\(f(h)) grey \(Int(g)))"
        case .blur(let s): return "blur(\(f(s)) modules)"
        case .noise(let s): return "noise(\(f(s)))"
        case .glare(let a, let angle, let w, let s):
            return "glare(at \(f(a)), \(f(angle))°, \(f(w)) modules, +\(Int(s)))"
        case .scale(let s): return "scale(\(f(s)))"
        }
    }
}
