extension BitMatrix {
    /// True when the light pixels 4-connected to (`x`, `y`) stay strictly inside the square of half side
    /// `reach` pixels around `centre` (clipped to the matrix: light reaching the matrix's edge is not
    /// enclosed either) and number at most `maxArea` pixels; false when (`x`, `y`) is dark or outside.
    ///
    /// The concentric finder patterns of matrix symbologies (QR Code's finder pattern, Aztec's bull's-eye)
    /// have light rings closed by dark rings. Dot grids, woven and printed textures and text pass run-ratio
    /// tests along a few lines, but the light around a dark blob there runs on between the blobs: this
    /// test tells them apart at the cost of one flood fill of the ring.
    ///
    /// With `regions` (one per matrix), a region already filled whole is not filled again: the answer is
    /// the same, from its bounding box and pixel count (``EnclosedLightRegions``).
    public func lightRegionIsEnclosed(
        x: Int, y: Int, centre: Point, reach: Double, maxArea: Int, regions: EnclosedLightRegions? = nil
    ) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height, !self[x, y] else { return false }
        let x0 = max(0, Int((centre.x - reach).rounded(.down))),
            x1 = min(width - 1, Int((centre.x + reach).rounded(.up)))
        let y0 = max(0, Int((centre.y - reach).rounded(.down))),
            y1 = min(height - 1, Int((centre.y + reach).rounded(.up)))
        guard x0 < x, x < x1, y0 < y, y < y1 else { return false }
        if let known = regions?.region(containing: x, y) {
            return known.minX > x0 && known.maxX < x1 && known.minY > y0 && known.maxY < y1
                && known.area <= maxArea
        }
        let bw = x1 - x0 + 1, bh = y1 - y0 + 1
        let w = width
        // The fill's stack and seen flags in raw buffers: this runs for every finder-like candidate of
        // a frame, each fill a few hundred pixels.
        let seen = UnsafeMutablePointer<Bool>.allocate(capacity: bw * bh)
        seen.initialize(repeating: false, count: bw * bh)
        let stack = UnsafeMutablePointer<Int32>.allocate(capacity: bw * bh)
        defer {
            seen.deallocate()
            stack.deallocate()
        }
        let start = (y - y0) * bw + (x - x0)
        stack[0] = Int32(start)
        var top = 1
        seen[start] = true
        var filled = 0
        let enclosed = bits.withUnsafeBufferPointer { px in
            while top > 0 {
                top -= 1
                let i = Int(stack[top])
                let by = i / bw, bx = i - by * bw
                // Reaching the box's border: the light runs on past the ring that should close it.
                if bx == 0 || by == 0 || bx == bw - 1 || by == bh - 1 { return false }
                filled += 1
                if filled > maxArea { return false }
                // Box index i is matrix pixel `pixel`; its neighbours left, right, up, down (each pushed
                // once: the stack never holds more than the box).
                let pixel = (by + y0) * w + x0 + bx
                if !seen[i - 1] && px[pixel - 1] == 0 {
                    seen[i - 1] = true
                    stack[top] = Int32(i - 1)
                    top += 1
                }
                if !seen[i + 1] && px[pixel + 1] == 0 {
                    seen[i + 1] = true
                    stack[top] = Int32(i + 1)
                    top += 1
                }
                if !seen[i - bw] && px[pixel - w] == 0 {
                    seen[i - bw] = true
                    stack[top] = Int32(i - bw)
                    top += 1
                }
                if !seen[i + bw] && px[pixel + w] == 0 {
                    seen[i + bw] = true
                    stack[top] = Int32(i + bw)
                    top += 1
                }
            }
            return true
        }
        // When the fill returns true its stack is empty: every flagged pixel was taken, none on the box's
        // border, and every light neighbour of each was flagged, so the flags are the whole 4-connected
        // region and `filled` is its size.
        if enclosed, let regions {
            regions.record(
                UnsafeBufferPointer(start: seen, count: bw * bh), x0: x0, y0: y0, width: bw, height: bh, area: filled)
        }
        return enclosed
    }
}
