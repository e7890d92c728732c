import ScanCore
import Testing

@testable import Aztec

/// The centre search's shortcuts decide as the checks they stand for: the pixel walk along rows and
/// columns gives exactly what the general half-pixel ray walk gives, and the straight-path test refuses
/// only what the enclosure fill refuses.
struct AztecCentreSearchTests {

    /// A matrix of runs of random length (1…`longest` pixels) along rows, rows repeated in random bands:
    /// edges along both axes, short runs for the speckle rule.
    static func matrix(width: Int, height: Int, longest: Int, _ g: inout SplitMix64) -> BitMatrix {
        var m = BitMatrix(width: width, height: height)
        var y = 0
        while y < height {
            var row = [UInt8](repeating: 0, count: width)
            var x = 0
            var colour: UInt8 = UInt8.random(in: 0...1, using: &g)
            while x < width {
                let run = Int.random(in: 1...longest, using: &g)
                for i in x..<min(width, x + run) { row[i] = colour }
                x += run
                colour ^= 1
            }
            let band = Int.random(in: 1...longest, using: &g)
            for j in y..<min(height, y + band) {
                for i in 0..<width where i % 7 != j % 5 || band > 2 {
                    m.bits[j * width + i] = row[i]
                }
            }
            y += band
        }
        return m
    }

    static func same(_ a: AztecDetector.RayEdges?, _ b: AztecDetector.RayEdges?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }

    @Test func axisWalkMatchesTheHalfPixelWalk() {
        var g = SplitMix64(seed: 17)
        var found = 0
        for trial in 0..<40 {
            let m = Self.matrix(width: 61, height: 47, longest: 2 + trial % 6, &g)
            for _ in 0..<400 {
                // Starts anywhere, also just off the image and on pixel boundaries.
                let x = Double(Int.random(in: -4...260, using: &g)) / 4
                let y = Double(Int.random(in: -4...200, using: &g)) / 4 + (Bool.random(using: &g) ? 0.5 : 0)
                let p = Point(x + Double.random(in: 0..<0.01, using: &g) * Double(trial % 2), y)
                let limit = Double.random(in: 0...40, using: &g)
                let minRun = [0, 1.1, 0.3 * 3.7, 2.5][Int.random(in: 0...3, using: &g)]
                let count = Int.random(in: 1...6, using: &g)
                for vertical in [false, true] {
                    for forward in [false, true] {
                        let d = forward ? 1.0 : -1.0
                        let general = AztecDetector.transitions(
                            m, from: p, dx: vertical ? 0 : d, dy: vertical ? d : 0, count: count, limit: limit,
                            minRun: minRun)
                        let axis = AztecDetector.axisTransitions(
                            m, from: p, vertical: vertical, forward: forward, count: count, limit: limit,
                            minRun: minRun)
                        #expect(Self.same(general, axis), "p \(p) vertical \(vertical) forward \(forward)")
                        if general != nil { found += 1 }
                    }
                }
            }
        }
        // The walks found edges often enough for the comparison to mean something.
        #expect(found > 10_000)
    }

    @Test func straightPathsRefuseOnlyWhatTheFillRefuses() {
        var g = SplitMix64(seed: 24778)
        var enclosed = 0
        var refusedEarly = 0
        for trial in 0..<60 {
            let m = Self.matrix(width: 41, height: 37, longest: 1 + trial % 5, &g)
            for _ in 0..<300 {
                let centre = Point(Double.random(in: -2...43, using: &g), Double.random(in: -2...39, using: &g))
                let u = Double.random(in: 1...5, using: &g)
                let x = Int(centre.x + u), y = Int(centre.y), reach = 3 * u
                let fill = m.lightRegionIsEnclosed(
                    x: x, y: y, centre: centre, reach: reach, maxArea: Int(18 * u * u) + 8)
                let paths = AztecDetector.lightPathsAreBounded(m, x: x, y: y, centre: centre, reach: reach)
                #expect(paths || !fill, "centre \(centre) u \(u)")
                if fill { enclosed += 1 }
                if !paths && x >= 0 && y >= 0 && x < m.width && y < m.height && !m[x, y] { refusedEarly += 1 }
            }
        }
        // Both outcomes occur often enough for the comparison to mean something.
        #expect(enclosed > 200)
        #expect(refusedEarly > 1000)
    }
}
