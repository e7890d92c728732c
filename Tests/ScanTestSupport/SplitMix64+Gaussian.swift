import Foundation
import ScanCore

extension SplitMix64 {
    /// A standard normal sample (Box–Muller).
    public mutating func nextGaussian() -> Double {
        let u1 = max(Double.leastNonzeroMagnitude, Double.random(in: 0..<1, using: &self))
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
