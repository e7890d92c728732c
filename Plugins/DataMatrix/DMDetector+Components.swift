import ScanCore

extension DMDetector {
    // MARK: components

    /// 8-connected components of dark pixels with at least `minPixels` pixels and a bounding box side of
    /// at least `minSide`, largest first, as lists of hull input points.
    static func components(_ m: BitMatrix, minSide: Int) -> [[Point]] {
        componentsAndDots(m, minSide: minSide).components
    }

    /// ``components(_:minSide:)`` and the census of the smaller, dot-like components (for dot-peen
    /// symbols, whose modules do not touch).
    static func componentsAndDots(_ m: BitMatrix, minSide: Int) -> (components: [[Point]], dots: DMDotCensus) {
        let w = m.width
        let h = m.height
        // Runs of dark pixels, row by row, in raw buffers sized for the worst case (alternating pixels):
        // a noisy frame has hundreds of thousands of runs, and growing arrays per run costs more than
        // the labelling itself.
        let capacity = max(1, h * ((w + 1) / 2))
        let rx0 = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        let rx1 = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        let ry = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer {
            rx0.deallocate()
            rx1.deallocate()
            ry.deallocate()
        }
        var rowStart = [Int](repeating: 0, count: h + 1)
        var n = 0
        m.bits.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            for y in 0..<h {
                rowStart[y] = n
                // The row's colour changes, eight pixels at a time: a dark run from a change to the next.
                var start: Int32 = -1
                BitMatrix.forEachColourChange(base + y * w, count: w) { i in
                    if start < 0 {
                        start = Int32(i)
                    } else {
                        rx0[n] = start
                        rx1[n] = Int32(i)
                        ry[n] = Int32(y)
                        n += 1
                        start = -1
                    }
                }
                if start >= 0 {
                    rx0[n] = start
                    rx1[n] = Int32(w)
                    ry[n] = Int32(y)
                    n += 1
                }
            }
            rowStart[h] = n
        }
        // Union–find over the runs, then statistics per root.
        let parent = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, n))
        let root = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, n))
        let count = UnsafeMutablePointer<Int>.allocate(capacity: max(1, n))
        let minX = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, n))
        let maxX = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, n))
        let minY = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, n))
        let maxY = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, n))
        defer {
            for p in [parent, root, minX, maxX, minY, maxY] { p.deallocate() }
            count.deallocate()
        }
        for i in 0..<n { parent[i] = Int32(i) }
        count.initialize(repeating: 0, count: n)
        minX.initialize(repeating: Int32.max, count: n)
        maxX.initialize(repeating: -1, count: n)
        minY.initialize(repeating: Int32.max, count: n)
        maxY.initialize(repeating: -1, count: n)
        @inline(__always) func find(_ i: Int) -> Int {
            var r = i
            while Int(parent[r]) != r { r = Int(parent[r]) }
            var k = i
            while Int(parent[k]) != r {
                let next = Int(parent[k])
                parent[k] = Int32(r)
                k = next
            }
            return r
        }
        if h > 1 {
            for y in 1..<h {
                var j = rowStart[y - 1]
                let jEnd = rowStart[y]
                for i in rowStart[y]..<rowStart[y + 1] {
                    // Runs of the previous row touching [x0 − 1, x1] (8-connectivity).
                    while j < jEnd && rx1[j] < rx0[i] { j += 1 }
                    var k = j
                    while k < jEnd && rx0[k] <= rx1[i] {
                        let a = find(i)
                        let b = find(k)
                        if a != b { parent[max(a, b)] = Int32(min(a, b)) }
                        k += 1
                    }
                }
            }
        }
        for i in 0..<n {
            let r = find(i)
            root[i] = Int32(r)
            count[r] += Int(rx1[i] - rx0[i])
            minX[r] = min(minX[r], rx0[i])
            maxX[r] = max(maxX[r], rx1[i])
            minY[r] = min(minY[r], ry[i])
            maxY[r] = max(maxY[r], ry[i] + 1)
        }
        // Hull input points for the components large enough to be symbols.
        var slot = [Int32](repeating: -1, count: n)
        var out: [(Int, [Point])] = []
        var dots: [(x: Double, y: Double, side: Int)] = []
        for r in 0..<n where Int(root[r]) == r {
            let side = Int(max(maxX[r] - minX[r], maxY[r] - minY[r]))
            if side < minSide {
                let w = Int(maxX[r] - minX[r])
                let h = Int(maxY[r] - minY[r])
                if DMDotCensus.isDot(width: w, height: h, pixels: count[r]) {
                    dots.append((Double(minX[r] + maxX[r]) / 2, Double(minY[r] + maxY[r]) / 2, side))
                }
            }
            guard side >= minSide, count[r] >= minSide * 2 else { continue }
            slot[r] = Int32(out.count)
            out.append((count[r], []))
        }
        // Only the leftmost and rightmost corner of each pixel row's edge can be on a component's hull. The
        // edge at y lies between pixel rows y − 1 and y, so its extreme corners are the wider of the two
        // rows' extents; runs come row by row (and a component's rows are contiguous), so the edges come
        // out in order of y, left before right: the order ``hull(rowOrdered:)`` takes.
        var rowOf = [Int32](repeating: -1, count: out.count)
        var left = [Int32](repeating: 0, count: out.count)
        var right = [Int32](repeating: 0, count: out.count)
        var aboveLeft = [Int32](repeating: .max, count: out.count)
        var aboveRight = [Int32](repeating: .min, count: out.count)
        func flush(_ k: Int) {
            guard rowOf[k] >= 0 else { return }
            let y = Double(rowOf[k])
            out[k].1.append(Point(Double(min(left[k], aboveLeft[k])), y))
            out[k].1.append(Point(Double(max(right[k], aboveRight[k])), y))
            aboveLeft[k] = left[k]
            aboveRight[k] = right[k]
        }
        for i in 0..<n {
            let k = Int(slot[Int(root[i])])
            guard k >= 0 else { continue }
            if rowOf[k] != ry[i] {
                flush(k)
                rowOf[k] = ry[i]
                left[k] = rx0[i]
                right[k] = rx1[i]
            } else {
                left[k] = min(left[k], rx0[i])
                right[k] = max(right[k], rx1[i])
            }
        }
        for k in out.indices where rowOf[k] >= 0 {
            flush(k)
            // The bottom edge of the last row.
            let y = Double(rowOf[k] + 1)
            out[k].1.append(Point(Double(left[k]), y))
            out[k].1.append(Point(Double(right[k]), y))
        }
        out.sort { $0.0 > $1.0 }
        return (out.map(\.1), DMDotCensus(dots: dots))
    }

    /// Convex hull (Andrew's monotone chain), clockwise in image coordinates (y down), starting at the
    /// vertex of least x (least y among those); collinear points are not vertices.
    static func hull(_ points: [Point]) -> [Point] {
        hull(rowOrdered: points.sorted { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x })
    }

    /// ``hull(_:)`` of points already ordered by y, then x (as ``componentsAndDots(_:minSide:)`` makes
    /// them): no sort, linear in their number.
    static func hull(rowOrdered p: [Point]) -> [Point] {
        guard p.count > 2 else { return p.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y } }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        // Turns with cross > 0 are kept: with y down, both chains then run clockwise as seen in the image
        // (the first along the top and right, the second back along the bottom and left).
        var first: [Point] = []
        var second: [Point] = []
        for q in p {
            while first.count >= 2 && cross(first[first.count - 2], first[first.count - 1], q) <= 0 {
                first.removeLast()
            }
            first.append(q)
        }
        for q in p.reversed() {
            while second.count >= 2 && cross(second[second.count - 2], second[second.count - 1], q) <= 0 {
                second.removeLast()
            }
            second.append(q)
        }
        var h = Array(first.dropLast() + second.dropLast())
        // Start at the least x (then y), the vertex an x-ordered chain starts at.
        var start = 0
        for i in h.indices where h[i].x < h[start].x || (h[i].x == h[start].x && h[i].y < h[start].y) { start = i }
        if start > 0 { h = Array(h[start...] + h[..<start]) }
        return h
    }

    /// The quadrilateral of largest spread on a convex hull: the two farthest vertices and, on each side
    /// of the line through them, the vertex farthest from it. Clockwise in the image.
    static func quad(_ hull: [Point]) -> [Point]? {
        let n = hull.count
        guard n >= 4 else { return nil }
        var bi = 0
        var bj = 0
        var best = -1.0
        for i in 0..<n {
            for j in (i + 1)..<n {
                let dx = hull[i].x - hull[j].x
                let dy = hull[i].y - hull[j].y
                let d = dx * dx + dy * dy
                if d > best {
                    best = d
                    bi = i
                    bj = j
                }
            }
        }
        let p = hull[bi]
        let q = hull[bj]
        func dist(_ r: Point) -> Double { abs((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)) }
        var k1 = -1
        var k2 = -1
        var d1 = -1.0
        var d2 = -1.0
        for k in (bi + 1)..<bj where dist(hull[k]) > d1 {
            d1 = dist(hull[k])
            k1 = k
        }
        for k in 0..<n where (k > bj || k < bi) && dist(hull[k]) > d2 {
            d2 = dist(hull[k])
            k2 = k
        }
        guard k1 >= 0, k2 >= 0 else { return nil }
        var corners = [hull[bi], hull[k1], hull[bj], hull[k2]]
        // Clockwise on screen: positive shoelace sum with y down.
        var area = 0.0
        for i in 0..<4 {
            let a = corners[i]
            let b = corners[(i + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        if area < 0 { corners.reverse() }
        guard abs(area) > 16 else { return nil }
        return corners
    }
}
