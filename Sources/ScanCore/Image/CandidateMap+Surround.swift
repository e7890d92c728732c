extension CandidateMap {
    /// The map with only the groups of candidate blocks that are lighter on some side than inside in
    /// `image` (this map's image or its negative, pixel for pixel): a symbol printed dark on light has a
    /// light quiet zone beside it, one printed light on dark a dark one.
    ///
    /// A group is 8-connected candidate blocks of either kind; its inside is the mean luminance of its
    /// blocks (a block's pixels: its 16 × 16 square, ``blockSize``, inside the image). Its sides are the
    /// first blocks that are not candidates to the left of, right of, above and below each of its blocks;
    /// a side is lighter when the mean of its blocks is. Side by side rather than all around: a bearer
    /// frame or a start pattern's wide bar can be lighter than the symbol where its quiet zone is not, and
    /// a linear symbol's quiet zones are on two sides only. A group that reaches the frame's edge stays:
    /// its quiet zone may lie beyond the frame, and the blocks beside it can be its own light or dark
    /// modules (a symbol that fills the frame).
    ///
    /// The registry's try-invert pass reads the frame's negative only where a group is lighter on some
    /// side there, that is darker on some side than inside in the frame: the blocks the earlier passes
    /// leave are mostly pieces of symbols printed dark on light (edge modules beside a symbol read,
    /// symbols too damaged to read), which the negative does not read either.
    /// Measured (instructions of a whole decode): dense shelf 0020 2,348 M → 2,157 M, shelf 0053 1,130 M →
    /// 1,094 M, sheet 0022 1,795 M → 1,758 M, rack 0003 444 M → 441 M; every value of the real, synthetic
    /// (its light-on-dark tier included) and dense corpora as before. An exhaustive map stays as it is.
    public func keepingLightSurrounded(in image: LuminanceImage) -> CandidateMap {
        guard !isExhaustive, blocksWide > 0, blocksHigh > 0 else { return self }
        let bw = blocksWide, bh = blocksHigh
        let candidate = (0..<(bw * bh)).map { linear[$0] || matrix[$0] }
        guard candidate.contains(true) else { return self }
        let side = CandidateMap.blockSize
        func mean(_ i: Int) -> Double {
            let x0 = (i % bw) * side, y0 = (i / bw) * side
            let x1 = min(image.width, x0 + side), y1 = min(image.height, y0 + side)
            guard x1 > x0, y1 > y0 else { return 0 }
            var sum = 0
            image.storage.withUnsafeBufferPointer { p in
                for y in y0..<y1 {
                    let row = image.offset + y * image.stride
                    for x in x0..<x1 { sum += Int(p[row + x]) }
                }
            }
            return Double(sum) / Double((x1 - x0) * (y1 - y0))
        }
        var keep = candidate
        var seen = [Bool](repeating: false, count: bw * bh)
        var stack: [Int] = []
        for start in candidate.indices where candidate[start] && !seen[start] {
            var group: [Int] = []
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                group.append(i)
                let bx = i % bw, by = i / bw
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let x = bx + dx, y = by + dy
                        guard x >= 0, y >= 0, x < bw, y < bh else { continue }
                        let j = y * bw + x
                        if candidate[j] && !seen[j] {
                            seen[j] = true
                            stack.append(j)
                        }
                    }
                }
            }
            // The surround on each side: the first non-candidate block beyond each of the group's blocks
            // to the left, right, above and below.
            var sides: [[Int]] = [[], [], [], []]
            var meetsBorder = false
            let members = Set(group)
            for i in group {
                let bx = i % bw, by = i / bw
                for (k, (dx, dy)) in [(-1, 0), (1, 0), (0, -1), (0, 1)].enumerated() {
                    let x = bx + dx, y = by + dy
                    guard x >= 0, y >= 0, x < bw, y < bh else {
                        meetsBorder = true
                        continue
                    }
                    let j = y * bw + x
                    if !candidate[j] && !members.contains(j) { sides[k].append(j) }
                }
            }
            let inside = group.reduce(0.0) { $0 + mean($1) } / Double(group.count)
            let lighterSide = sides.contains { side in
                !side.isEmpty && side.reduce(0.0) { $0 + mean($1) } / Double(side.count) > inside
            }
            if !lighterSide && !meetsBorder {
                for i in group { keep[i] = false }
            }
        }
        return CandidateMap(
            blocksWide: blocksWide, blocksHigh: blocksHigh, isExhaustive: false,
            orientation: orientation, coherence: coherence, edgeDensity: edgeDensity,
            linear: linear.indices.map { linear[$0] && keep[$0] },
            matrix: matrix.indices.map { matrix[$0] && keep[$0] })
    }
}
