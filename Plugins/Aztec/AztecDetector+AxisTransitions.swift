import ScanCore

extension AztecDetector {
    /// ``transitions(_:from:dx:dy:count:limit:minRun:)`` for a ray along the column (`vertical`) or the row
    /// through `p`, down or right when `forward`: the same distances, found by walking pixels instead of
    /// half-pixel samples. The row candidates of the centre search are checked this way, most of them
    /// on texture.
    ///
    /// The half-pixel samples of a ray along an axis are s(k) = s₀ ± k/2 (s₀ the start coordinate along
    /// the axis, computed in floating point exactly as the general walk does); they visit every pixel
    /// between the start and s(kₘₐₓ) (kₘₐₓ/2 ≤ `limit`) in order, none skipped. So the colour changes are
    /// the pixels whose colour differs from the previous one's, and each lies at distance k/2 − ¼ for the
    /// first k whose sample falls in that pixel.
    static func axisTransitions(
        _ m: BitMatrix, from p: Point, vertical: Bool, forward: Bool, count: Int, limit: Double, minRun: Double
    ) -> RayEdges? {
        precondition(count <= RayEdges.capacity, "at most \(RayEdges.capacity) edges per ray")
        let s0 = vertical ? p.y : p.x
        let across = vertical ? p.x : p.y
        let length = vertical ? m.height : m.width
        let breadth = vertical ? m.width : m.height
        guard count > 0, s0 >= 0, across >= 0, s0 < Double(length), across < Double(breadth), limit >= 0,
            limit < Double(length)
        else {
            // Off the image (or NaN), a limit past any edge of it, or no edge wanted: the general walk.
            return transitions(
                m, from: p, dx: vertical ? 0 : (forward ? 1 : -1),
                dy: vertical ? (forward ? 1 : -1) : 0, count: count, limit: limit, minRun: minRun)
        }
        let start = Int(s0)
        let fixed = Int(across)
        let kMax = Int(2 * limit)  // limit ≥ 0: truncation is the floor
        let half = 0.5 * Double(kMax)
        // The last pixel the walk reaches before passing `limit` or leaving the image.
        let reach = forward ? s0 + half : s0 - half
        let last = forward ? min(length - 1, Int(reach)) : (reach < 0 ? 0 : Int(reach))
        let stride = vertical ? m.width : 1
        let origin = vertical ? start * m.width + fixed : fixed * m.width + start
        // In exact arithmetic the first step into pixel r is 2(r − start) − h forward and 2(start − r) − 1 + h
        // backward, h = 1 when s₀ lies in the upper half of its pixel: a guess, checked against the
        // samples themselves and moved until it is the first step in (floating point can shift it).
        let upper = s0 - Double(start) >= 0.5
        @inline(__always) func firstStep(into r: Int) -> Int {
            var k: Int
            if forward {
                // Samples s₀ + k/2 ≥ r lie in pixel r.
                k = 2 * (r - start) - (upper ? 1 : 0)
                while k > 1 && s0 + 0.5 * Double(k - 1) >= Double(r) { k -= 1 }
                while !(s0 + 0.5 * Double(k) >= Double(r)) { k += 1 }
            } else {
                // Samples s₀ − k/2 < r + 1 lie in pixel r.
                k = 2 * (start - r) - 1 + (upper ? 1 : 0)
                while k > 1 && s0 - 0.5 * Double(k - 1) < Double(r + 1) { k -= 1 }
                while !(s0 - 0.5 * Double(k) < Double(r + 1)) { k += 1 }
            }
            return k
        }
        return m.bits.withUnsafeBufferPointer { bits -> RayEdges? in
            guard let base = bits.baseAddress, base[origin] == 1 else { return nil }
            var current: UInt8 = 1
            var out = RayEdges()
            var q = base + origin
            let step = forward ? stride : -stride
            let direction = forward ? 1 : -1
            var r = start
            while r != last {
                r += direction
                q += step
                let v = q.pointee
                guard v != current else { continue }
                current = v
                let edge = 0.5 * Double(firstStep(into: r)) - 0.25
                if minRun > 0, out.count >= 1, edge - out.distances[out.count - 1] < minRun {
                    out.count -= 1
                } else {
                    out.distances[out.count] = edge
                    out.count += 1
                    if out.count == count { return out }
                }
            }
            return nil
        }
    }
}
