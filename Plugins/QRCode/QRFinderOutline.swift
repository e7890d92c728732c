import Foundation
import ScanCore

/// The outer square of a finder pattern in the image: its four corners, located from the edges of the
/// pattern's dark outer ring (ISO/IEC 18004:2015 §6.3.3: the ring is the 7 × 7 modules' border).
///
/// Unlike the finder centres, which say nothing about how the module grid is foreshortened, the three
/// outlines give twelve points whose module coordinates are known exactly, spread over three corners
/// of the symbol: enough for a projective (perspective) estimate of the whole grid even on version 1,
/// which has no alignment pattern, and a far better prediction of where the alignment pattern is on a
/// strongly tilted symbol than the parallelogram of the three centres.
struct QRFinderOutline: Sendable {
    /// Corners in the symbol's own orientation: top-left, top-right, bottom-right, bottom-left
    /// (module offsets (−3.5, −3.5), (3.5, −3.5), (3.5, 3.5), (−3.5, 3.5) from the centre).
    var corners: [Point]

    /// Image vectors of one module along the symbol's x and y axes at this finder, from its outline.
    var moduleX: Point { (corners[1] - corners[0] + corners[2] - corners[3]) * (1.0 / 14) }
    var moduleY: Point { (corners[3] - corners[0] + corners[2] - corners[1]) * (1.0 / 14) }

    /// Locates the outline of the finder at `center`, given rough image vectors of one module along the
    /// symbol's x and y axes (corners within 2.5 modules of where they put them). Each side is sampled on five lines across the dark ring (at −2…2 modules
    /// along the side), the ring's outer edge found on each, and a line fitted through the edge points;
    /// adjacent sides intersect at the corners. A second pass repeats this with the module vectors the
    /// first outline implies (closer to the truth under perspective). `nil` when a side has fewer than
    /// three edge points or a corner is implausibly far from where the module vectors put it.
    static func locate(_ m: BitMatrix, center: Point, moduleX: Point, moduleY: Point) -> QRFinderOutline? {
        guard var outline = pass(m, center: center, ex: moduleX, ey: moduleY, tolerance: 2.5) else { return nil }
        if let better = pass(m, center: center, ex: outline.moduleX, ey: outline.moduleY, tolerance: 1) {
            outline = better
        }
        return outline
    }

    private static func pass(_ m: BitMatrix, center c: Point, ex: Point, ey: Point, tolerance: Double)
        -> QRFinderOutline?
    {
        let lx = ex.length, ly = ey.length
        guard lx >= 0.5, ly >= 0.5, lx.isFinite, ly.isFinite else { return nil }
        // Sides as (outward normal vector of one module, tangent vector of one module).
        let sides: [(Point, Point)] = [(ey * -1, ex), (ex, ey), (ey, ex), (ex * -1, ey)]  // top, right, bottom, left
        var lines: [Line] = []
        for (normal, tangent) in sides {
            let u = normal * (1 / normal.length)
            let limit = normal.length * 1.5
            var edges: [Point] = []
            for k in -2...2 {
                let start = c + tangent * Double(k) + normal * 3.0  // middle of the dark ring
                if let e = outerEdge(m, from: start, outward: u, limit: limit) { edges.append(e) }
            }
            guard edges.count >= 3, let line = Line.fitted(edges) else { return nil }
            lines.append(line)
        }
        // Corners: top∩left, top∩right, bottom∩right, bottom∩left.
        guard let tl = corner(lines[0], lines[3]), let tr = corner(lines[0], lines[1]),
            let br = corner(lines[2], lines[1]), let bl = corner(lines[2], lines[3])
        else { return nil }
        let corners = [tl, tr, br, bl]
        // Plausibility: each corner within 1.5 modules of where the module vectors put it.
        let expected = [ex * -3.5 + ey * -3.5, ex * 3.5 + ey * -3.5, ex * 3.5 + ey * 3.5, ex * -3.5 + ey * 3.5]
        for (p, e) in zip(corners, expected) where p.distance(to: c + e) > tolerance * max(lx, ly) { return nil }
        return QRFinderOutline(corners: corners)
    }

    /// Locates the outline from the finder's outer dark ring as one connected region: the ring is
    /// bordered by the light ring inside and by the separator and quiet zone outside (§6.3.3, §6.3.4),
    /// so a 4-connected fill from a pixel of it stays on the 7 × 7 square whatever the perspective. The
    /// fill starts at the first dark pixel after a light one on the line from the centre along the unit
    /// vector `ux` whose region does not hold the centre (from the centre itself when blur has closed
    /// the light ring). Corners: the
    /// region's pixel farthest from the centre, the one farthest from that, and the two farthest on
    /// either side of the diagonal they span; each side is then refitted through the region's boundary
    /// pixels along it. The corners are put in the symbol's order with the unit vectors `ux`, `uy` of the
    /// symbol's axes. `nil` when the fill leaks (more than 9 modules across or 60 modules' area: blur
    /// joined the ring to the data) or the shape is not a plausible square.
    static func fromRing(_ m: BitMatrix, center c: Point, ux: Point, uy: Point, module: Double) -> QRFinderOutline? {
        guard module >= 0.8, module.isFinite, m.isDark(at: c) == true else { return nil }
        // Seeds: every light → dark change on the line out from the centre; the first region that does
        // not hold the centre is the outer ring (specks in a large centre square give false starts).
        var seeds: [Point] = []
        var s = 0.5
        var previousDark = true
        while s <= 4.5 * module {
            guard let d = m.isDark(at: c + ux * s) else { break }
            if d && !previousDark { seeds.append(c + ux * s) }
            previousDark = d
            s += 0.5
        }
        seeds = Array(seeds.prefix(3)) + [c]
        let radius = Int((6.5 * module).rounded(.up)) + 2
        let side = 2 * radius + 1
        let ox = Int(c.x) - radius, oy = Int(c.y) - radius
        let maxPixels = Int(60 * module * module) + 16
        let centreIndex = (Int(c.y) - oy) * side + Int(c.x) - ox
        // The fill works in window coordinates (index = ly · side + lx); the stack order and the
        // neighbour order (+x, −x, +y, −y) fix the order of `pixels`, which the fits below sum in. Each
        // pixel enters the stack once (it is marked when pushed), so a stack of the window's size holds
        // every fill; `pixels` keeps at most `maxPixels` + 1.
        var inRegion = [Bool](repeating: false, count: side * side)
        var pixels: [Int] = []
        var found = false
        let width = m.width, height = m.height
        let stack = UnsafeMutablePointer<Int>.allocate(capacity: side * side)
        let filled = UnsafeMutablePointer<Int>.allocate(capacity: maxPixels + 1)
        defer {
            stack.deallocate()
            filled.deallocate()
        }
        var filledCount = 0
        for (k, seed) in seeds.enumerated() {
            if k > 0 {
                for i in 0..<filledCount { inRegion[filled[i]] = false }
            }
            let start = (Int(seed.y) - oy) * side + Int(seed.x) - ox
            inRegion[start] = true
            var top = 0
            stack[top] = start
            top += 1
            filledCount = 0
            let leaked = m.bits.withUnsafeBufferPointer { bits in
                inRegion.withUnsafeMutableBufferPointer { region in
                    // Pushes the window pixel `j` (image pixel `pixel`) when it is dark and not yet in the
                    // region. Each neighbour steps one way only, so it is checked against the image and the
                    // window on that side alone: `inImage`, `inWindow`. False when a dark neighbour lies
                    // outside the window (a leak).
                    @inline(__always) func visit(_ inImage: Bool, _ pixel: Int, _ inWindow: Bool, _ j: Int) -> Bool {
                        guard inImage, bits[pixel] != 0 else { return true }
                        guard inWindow else { return false }
                        if !region[j] {
                            region[j] = true
                            stack[top] = j
                            top += 1
                        }
                        return true
                    }
                    while top > 0 {
                        top -= 1
                        let i = stack[top]
                        filled[filledCount] = i
                        filledCount += 1
                        if filledCount > maxPixels { return true }
                        let lx = i % side, ly = i / side
                        let x = lx + ox, y = ly + oy
                        let at = y * width + x
                        guard visit(x + 1 < width, at + 1, lx + 1 < side, i + 1),
                            visit(x >= 1, at - 1, lx >= 1, i - 1),
                            visit(y + 1 < height, at + width, ly + 1 < side, i + side),
                            visit(y >= 1, at - width, ly >= 1, i - side)
                        else { return true }
                    }
                    return false
                }
            }
            if leaked { return nil }
            if !inRegion[centreIndex] || seed == c {
                found = true
                pixels = Array(UnsafeBufferPointer(start: filled, count: filledCount))
                break
            }
        }
        guard found else { return nil }
        guard pixels.count >= 12 else { return nil }
        // Boundary pixels (a 4-neighbour outside the region or the window), centres, in the order of
        // `pixels`. The extremes below lie among them: an inner pixel has a neighbour farther from any
        // point, and further along any direction; the first of equal extremes is the same pixel too.
        var edge: [Point] = []
        for i in pixels {
            let lx = i % side, ly = i / side
            if lx == 0 || ly == 0 || lx == side - 1 || ly == side - 1 || !inRegion[i + 1] || !inRegion[i - 1]
                || !inRegion[i + side] || !inRegion[i - side]
            {
                edge.append(Point(Double(lx + ox) + 0.5, Double(ly + oy) + 0.5))
            }
        }
        func farthest(from p: Point) -> Point {
            var best = edge[0]
            var bestSquared = -1.0
            for q in edge {
                let dx = q.x - p.x, dy = q.y - p.y
                let squared = dx * dx + dy * dy
                if squared > bestSquared { (best, bestSquared) = (q, squared) }
            }
            return best
        }
        let a = farthest(from: c)
        let b = farthest(from: a)
        let axis = b - a
        func offside(_ p: Point) -> Double { axis.x * (p.y - a.y) - axis.y * (p.x - a.x) }
        let e = edge.max { offside($0) < offside($1) }!, f = edge.min { offside($0) < offside($1) }!
        let rough = [a, e, b, f]
        // Symbol order from the axes.
        func coords(_ p: Point) -> (Double, Double) {
            let d = p - c
            let det = ux.x * uy.y - ux.y * uy.x
            guard abs(det) > 1e-6 else { return (0, 0) }
            return ((d.x * uy.y - d.y * uy.x) / det, (ux.x * d.y - ux.y * d.x) / det)
        }
        let q = rough.map(coords)
        let order = [
            (0..<4).min { q[$0].0 + q[$0].1 < q[$1].0 + q[$1].1 }!,  // top-left
            (0..<4).max { q[$0].0 - q[$0].1 < q[$1].0 - q[$1].1 }!,  // top-right
            (0..<4).max { q[$0].0 + q[$0].1 < q[$1].0 + q[$1].1 }!,  // bottom-right
            (0..<4).min { q[$0].0 - q[$0].1 < q[$1].0 - q[$1].1 }!,  // bottom-left
        ]
        guard Set(order).count == 4 else { return nil }
        let corners = order.map { rough[$0] }
        // A square seen in perspective: diagonals of similar length crossing near the centre.
        let d1Length = corners[0].distance(to: corners[2]), d2Length = corners[1].distance(to: corners[3])
        guard min(d1Length, d2Length) > 3 * module * 0.5, max(d1Length, d2Length) / min(d1Length, d2Length) < 3,
            let d1 = Line(through: corners[0], corners[2]), let d2 = Line(through: corners[1], corners[3]),
            let cross = d1.intersection(with: d2, minimumSine: 0.2 / (d1Length * d2Length)),
            cross.distance(to: c) < 2 * module
        else { return nil }
        // Refit each side through the region's boundary pixels along it, moved out to the pixel edge.
        var lines: [Line] = []
        for k in 0..<4 {
            let p = corners[k], r = corners[(k + 1) % 4]
            let dir = r - p
            let len = dir.length
            guard len > 1 else { return nil }
            let u = dir * (1 / len)
            var normal = Point(u.y, -u.x)
            if (c - p).x * normal.x + (c - p).y * normal.y > 0 { normal = normal * -1 }  // outward
            var along: [Point] = []
            for pt in edge {
                let w = pt - p
                let t = (w.x * u.x + w.y * u.y) / len
                let inward = -(w.x * normal.x + w.y * normal.y)
                guard t > 0.15, t < 0.85, inward < 0.6 * module + 0.5 else { continue }
                along.append(pt)
            }
            guard along.count >= 3, var line = Line.fitted(along) else {
                lines.append(Line(point: p, direction: u))
                continue
            }
            line.point = line.point + normal * (0.5 * (abs(normal.x) + abs(normal.y)))
            lines.append(line)
        }
        var refined: [Point] = []
        for k in 0..<4 {
            guard let p = corner(lines[(k + 3) % 4], lines[k]), p.distance(to: corners[k]) < 1.5 * module + 1
            else { return QRFinderOutline(corners: corners) }
            refined.append(p)
        }
        return QRFinderOutline(corners: refined)
    }

    /// The outer edge of the dark ring on the line from `start` along the unit vector `outward`: the
    /// first dark → light change going out when `start` is dark, else the first light → dark change going
    /// in (the start overshot the ring). Sampled every half pixel; `nil` past `limit` pixels.
    private static func outerEdge(_ m: BitMatrix, from start: Point, outward u: Point, limit: Double) -> Point? {
        guard let startDark = m.isDark(at: start) else { return nil }
        return m.firstTransition(from: start, direction: startDark ? u : u * -1, step: 0.5, limit: limit)
    }

    /// Where two sides of an outline meet: `nil` when they cross at less than about 11.5° (sine 0.2),
    /// which no side of a square seen even in strong perspective does.
    static func corner(_ a: Line, _ b: Line) -> Point? {
        a.intersection(with: b, minimumSine: 0.2)
    }
}

extension Point {
    /// Euclidean length of the point as a vector.
    var length: Double { (x * x + y * y).squareRoot() }
}
