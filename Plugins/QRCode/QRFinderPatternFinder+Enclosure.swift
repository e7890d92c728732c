import ScanCore

extension QRFinderPatternFinder {
    /// How far (in module sizes, from the centre, along x and y) the light ring of a finder pattern may
    /// reach: the pattern is 7 × 7 modules, so its light ring lies within 2.5 modules of the centre along
    /// its own axes and within 2.5·√2 ≈ 3.5 modules at any rotation; the dark ring around it reaches 4.95
    /// modules. 5.5 leaves room for perspective and for the error of a module size averaged over two
    /// directions.
    static let enclosureReach = 5.5
    /// Most light pixels the light ring may hold, in square module sizes: it holds 5² − 3² = 16; blur
    /// and ink spread only make it smaller, perspective and the module estimate's error larger.
    static let enclosureArea = 40.0

    /// True when the light pixels 4-connected to (`x`, `y`) (a pixel inside the light ring of a candidate
    /// centred at `centre` whose largest extent through the centre is 7 × `module` pixels) stay within ``enclosureReach`` modules of the
    /// centre and number at most ``enclosureArea`` square modules: the dark ring of a finder pattern
    /// (ISO/IEC 18004:2015 §6.3.3) encloses its light ring. In dot grids, woven and printed textures and
    /// text, which pass the run-ratio tests along a few lines, the light around a dark blob runs on
    /// between the blobs and the test fails.
    static func lightRingIsEnclosed(
        _ px: UnsafeBufferPointer<UInt8>, w: Int, h: Int, x: Int, y: Int, centre: Point, module: Double
    ) -> Bool {
        guard x >= 0, y >= 0, x < w, y < h, px[y * w + x] == 0 else { return false }
        let reach = enclosureReach * module
        // The box is clipped to the image: a light ring reaching the image's edge is not enclosed either
        // (a finder pattern's dark ring lies between them, even without a quiet zone).
        let x0 = max(0, Int((centre.x - reach).rounded(.down))), x1 = min(w - 1, Int((centre.x + reach).rounded(.up)))
        let y0 = max(0, Int((centre.y - reach).rounded(.down))), y1 = min(h - 1, Int((centre.y + reach).rounded(.up)))
        guard x0 < x, x < x1, y0 < y, y < y1 else { return false }
        let bw = x1 - x0 + 1, bh = y1 - y0 + 1
        let limit = Int(enclosureArea * module * module) + 8
        var seen = [Bool](repeating: false, count: bw * bh)
        var stack: [Int32] = [Int32((y - y0) * bw + (x - x0))]
        stack.reserveCapacity(64)
        seen[(y - y0) * bw + (x - x0)] = true
        var filled = 0
        while let p = stack.popLast() {
            let i = Int(p)
            let bx = i % bw, by = i / bw
            // Reaching the box's border: the light runs out past the dark ring.
            if bx == 0 || by == 0 || bx == bw - 1 || by == bh - 1 { return false }
            filled += 1
            if filled > limit { return false }
            let row = (by + y0) * w + x0
            for (nx, ny) in [(bx - 1, by), (bx + 1, by), (bx, by - 1), (bx, by + 1)] {
                let j = ny * bw + nx
                if !seen[j] && px[row + (ny - by) * w + nx] == 0 {
                    seen[j] = true
                    stack.append(Int32(j))
                }
            }
        }
        return true
    }
}
