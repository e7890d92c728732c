import Foundation
import ScanCore
import Testing

@testable import DataMatrix

/// The detector's convex hull: the row-ordered chain over each row's two extreme corners gives exactly the
/// hull of every pixel corner of the component, in the same order.
struct DMHullTests {
    /// A reference hull: Andrew's monotone chain over points sorted by x, then y (clockwise on screen,
    /// from the least x), collinear points dropped.
    static func referenceHull(_ points: [Point]) -> [Point] {
        let p = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [Point] = [], upper: [Point] = []
        for q in p {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 {
                lower.removeLast()
            }
            lower.append(q)
        }
        for q in p.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 {
                upper.removeLast()
            }
            upper.append(q)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    @Test func screenClockwiseFromLeastX() {
        let square = [Point(0, 0), Point(10, 0), Point(0, 5), Point(10, 5), Point(4, 2), Point(5, 0)]
        #expect(DMDetector.hull(square) == [Point(0, 0), Point(10, 0), Point(10, 5), Point(0, 5)])
        #expect(DMDetector.hull(square) == Self.referenceHull(square))
    }

    /// Star-shaped blobs (connected, ragged, with concave bays) of random radii: the hull of the points the
    /// component pass emits equals the reference hull of all four corners of every dark pixel.
    @Test func componentHullEqualsHullOfAllPixelCorners() {
        var rng = SplitMix64(seed: 17)
        for _ in 0..<40 {
            let size = 60
            var m = BitMatrix(width: size, height: size)
            let cx = Double.random(in: 25...35, using: &rng), cy = Double.random(in: 25...35, using: &rng)
            let radii = (0..<12).map { _ in Double.random(in: 6...24, using: &rng) }
            var corners: [Point] = []
            for y in 0..<size {
                for x in 0..<size {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let a = (atan2(dy, dx) + .pi) / (2 * .pi) * 12
                    let i = Int(a) % 12, f = a - Double(Int(a))
                    let r = radii[i] * (1 - f) + radii[(i + 1) % 12] * f
                    guard (dx * dx + dy * dy).squareRoot() <= r else { continue }
                    m[x, y] = true
                    let px = Double(x), py = Double(y)
                    corners += [Point(px, py), Point(px + 1, py), Point(px, py + 1), Point(px + 1, py + 1)]
                }
            }
            let components = DMDetector.components(m, minSide: 10)
            #expect(components.count == 1)
            guard let points = components.first else { continue }
            #expect(DMDetector.hull(rowOrdered: points) == Self.referenceHull(corners))
        }
    }
}
