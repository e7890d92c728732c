import Foundation
import Testing

@testable import ScanCore

/// The matrix toolkit's line: fit, intersection, distance, extent.
struct LineTests {
    @Test func fitsAHorizontalEdgeExactly() throws {
        let line = try #require(Line.fitted([Point(0, 5), Point(10, 5), Point(20, 5)]))
        #expect(line.point == Point(10, 5))
        #expect(line.direction == Point(1, 0))
        #expect(line.distance(to: Point(3, 9)) == 4)
        #expect(line.coordinate(of: Point(3, 9)) == -7)
        #expect(line.extent(of: [Point(2, 0), Point(-4, 1), Point(7, 3)]) == 11)
    }

    @Test func fitMinimisesPerpendicularDistance() throws {
        // Points scattered ±0.5 across the line y = x: the total-least-squares direction is the diagonal,
        // where y-on-x regression would tilt it.
        let points = [Point(0, 1), Point(1, 0), Point(5, 6), Point(6, 5), Point(10, 11), Point(11, 10)]
        let line = try #require(Line.fitted(points))
        let s = 0.5.squareRoot()
        #expect(abs(abs(line.direction.x) - s) < 1e-12 && abs(abs(line.direction.y) - s) < 1e-12)
        #expect(line.direction.x * line.direction.y > 0)
        #expect(line.point == Point(5.5, 5.5))
        // A vertical edge fits as well as a horizontal one.
        let vertical = try #require(Line.fitted([Point(3, 0), Point(3, 4), Point(3, 9)]))
        #expect(abs(vertical.direction.x) < 1e-12 && abs(abs(vertical.direction.y) - 1) < 1e-12)
    }

    @Test func fitRefusesTooFewOrNonFinitePoints() {
        #expect(Line.fitted([]) == nil)
        #expect(Line.fitted([Point(1, 1)]) == nil)
        #expect(Line.fitted([Point(1, 1), Point(.nan, 2)]) == nil)
        #expect(Line(through: Point(2, 2), Point(2, 2)) == nil)
        #expect(Line(through: Point(0, 0), Point(.infinity, 1)) == nil)
    }

    @Test func intersectsAndRefusesNearlyParallelLines() throws {
        let top = try #require(Line(through: Point(0, 2), Point(8, 2)))
        let left = try #require(Line(through: Point(1, -5), Point(1, 5)))
        #expect(top.direction == Point(1, 0))
        #expect(left.normal == Point(1, 0))
        #expect(top.intersection(with: left) == Point(1, 2))
        // 0.1 rad apart: sine ≈ 0.0998, refused with a minimum sine of 0.2, met with the default.
        let tilted = Line(point: Point(0, 0), direction: Point(cos(0.1), sin(0.1)))
        #expect(top.intersection(with: tilted, minimumSine: 0.2) == nil)
        let p = try #require(top.intersection(with: tilted))
        #expect(abs(p.y - 2) < 1e-12 && abs(p.x - 2 / tan(0.1)) < 1e-9)
        #expect(top.intersection(with: Line(point: Point(0, 7), direction: Point(1, 0))) == nil)
    }

    /// The stretch of a line inside a 100 × 50 image, in pixels along its direction.
    @Test func parametersInsideARectangle() throws {
        // Horizontal through y = 10 from x = 20: inside for t in −20 … 80.
        let row = Line(point: Point(20, 10), direction: Point(1, 0))
        let r = try #require(row.parameters(insideWidth: 100, height: 50))
        #expect(r.lower == -20 && r.upper == 80)
        // Horizontal below the image: outside its slab, nil.
        #expect(Line(point: Point(20, 60), direction: Point(1, 0)).parameters(insideWidth: 100, height: 50) == nil)
        // The diagonal from the origin at 45°: it leaves through the bottom edge at t = 50·√2.
        let s = 0.5.squareRoot()
        let d = try #require(Line(point: Point(0, 0), direction: Point(s, s)).parameters(insideWidth: 100, height: 50))
        #expect(d.lower == 0 && abs(d.upper - 50 / s) < 1e-9)
        // A slanted line passing beside the image: lower > upper.
        let beside = try #require(
            Line(point: Point(0, -150), direction: Point(s, s)).parameters(insideWidth: 100, height: 50))
        #expect(beside.lower > beside.upper)
    }
}
