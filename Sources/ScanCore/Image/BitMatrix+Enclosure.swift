extension BitMatrix {
    /// True when the light pixels 4-connected to (`x`, `y`) stay strictly inside the square of half side
    /// `reach` pixels around `centre` (clipped to the matrix: light reaching the matrix's edge is not
    /// enclosed either) and number at most `maxArea` pixels; false when (`x`, `y`) is dark or outside.
    ///
    /// The concentric finder patterns of matrix symbologies (QR Code's finder pattern, Aztec's bull's-eye)
    /// have light rings closed by dark rings. Dot grids, woven and printed textures and text pass run-ratio
    /// tests along a few lines, but the light around a dark blob there runs on between the blobs: this
    /// test tells them apart at the cost of one flood fill of the ring.
    public func lightRegionIsEnclosed(x: Int, y: Int, centre: Point, reach: Double, maxArea: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height, !self[x, y] else { return false }
        let x0 = max(0, Int((centre.x - reach).rounded(.down))),
            x1 = min(width - 1, Int((centre.x + reach).rounded(.up)))
        let y0 = max(0, Int((centre.y - reach).rounded(.down))),
            y1 = min(height - 1, Int((centre.y + reach).rounded(.up)))
        guard x0 < x, x < x1, y0 < y, y < y1 else { return false }
        let bw = x1 - x0 + 1, bh = y1 - y0 + 1
        var seen = [Bool](repeating: false, count: bw * bh)
        var stack: [Int32] = [Int32((y - y0) * bw + (x - x0))]
        stack.reserveCapacity(64)
        seen[(y - y0) * bw + (x - x0)] = true
        var filled = 0
        return bits.withUnsafeBufferPointer { px in
            while let p = stack.popLast() {
                let i = Int(p)
                let bx = i % bw, by = i / bw
                // Reaching the box's border: the light runs on past the ring that should close it.
                if bx == 0 || by == 0 || bx == bw - 1 || by == bh - 1 { return false }
                filled += 1
                if filled > maxArea { return false }
                let row = (by + y0) * width + x0
                for (nx, ny) in [(bx - 1, by), (bx + 1, by), (bx, by - 1), (bx, by + 1)] {
                    let j = ny * bw + nx
                    if !seen[j] && px[row + (ny - by) * width + nx] == 0 {
                        seen[j] = true
                        stack.append(Int32(j))
                    }
                }
            }
            return true
        }
    }
}
