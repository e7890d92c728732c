import Foundation
import Testing

@testable import ScanCore

/// ``LineProfileThreshold``: edges of blurred bars and spaces at the middle of the local envelope.
@Suite("Line profile threshold")
struct LineProfileThresholdTests {
    /// Light 220 and dark 30 elements `modules` wide (light first, a quiet zone at each end) of `module`
    /// pixels, under a Gaussian blur of `sigma` pixels, sampled at the pixel centres. Also the true
    /// edges, in pixels from the profile's start.
    static func blurredProfile(_ modules: [Int], module: Double, sigma: Double) -> ([UInt8], [Double]) {
        var edges: [Double] = []
        var x = 0.0
        for w in modules.dropLast() {
            x += Double(w) * module
            edges.append(x)
        }
        let count = Int(Double(modules.reduce(0, +)) * module)
        let profile = (0..<count).map { i -> UInt8 in
            let c = Double(i) + 0.5
            var level = 220.0
            for (k, e) in edges.enumerated() {
                let step = k % 2 == 0 ? -190.0 : 190.0
                level += step * 0.5 * (1 + erf((c - e) / (sigma * 2.0.squareRoot())))
            }
            return UInt8(level.rounded())
        }
        return (profile, edges)
    }

    /// One-module bars and spaces beside three-module ones, 3-pixel modules under a blur of 1.8 pixels:
    /// blur pulls the narrow elements' extrema part-way to the other level. Edges at the mean of the two
    /// neighbouring extrema read each narrow element 1.7 px wide too wide (a 1-module space 4.7 px); at
    /// the local envelope's middle every edge is within 0.25 px.
    @Test func narrowElementsBesideWideOnesKeepTheirWidth() {
        let (profile, truth) = Self.blurredProfile([10, 3, 1, 3, 3, 1, 3, 1, 1, 3, 10], module: 3, sigma: 1.8)
        let (edges, startsDark) = LineProfileThreshold.edges(profile, smoothing: false)
        #expect(!startsDark)
        #expect(edges.count == truth.count)
        for (found, edge) in zip(edges, truth) { #expect(abs(found - edge) < 0.3, "edge at \(edge)") }
        let narrowSpace = edges[2] - edges[1]
        #expect(abs(narrowSpace - 3) < 0.5)
    }

    /// The envelope of the edge between extrema k and k + 1 reaches from extremum k − 12 to k + 13
    /// (``LineProfileThreshold/envelopeReach``): a space made 30 levels lighter (glare) moves the edges
    /// whose envelope holds it, those within reach, and no other. Quiet zone, then 20 pairs of a
    /// 1-module bar and a 3-module space (3-pixel modules, blur 1.8 px); the lighter space is element 20.
    @Test func aLighterSpaceMovesOnlyTheEdgesWithinReach() {
        let elements = [10] + Array(repeating: [1, 3], count: 20).flatMap { $0 } + [10]
        let (profile, truth) = Self.blurredProfile(elements, module: 3, sigma: 1.8)
        var glare = profile
        for i in (Int(truth[19]) + 2)..<(Int(truth[20]) - 1) { glare[i] = min(255, glare[i] + 30) }
        let before = LineProfileThreshold.edges(profile, smoothing: false).edges
        let after = LineProfileThreshold.edges(glare, smoothing: false).edges
        #expect(before.count == 41)
        #expect(after.count == 41)
        let moved = before.indices.filter { abs(after[$0] - before[$0]) > 0.001 }
        #expect(moved == Array(7...32))
    }
}
