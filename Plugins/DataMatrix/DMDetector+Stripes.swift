import ScanCore

extension DMDetector {
    /// The least fraction of neighbouring data modules, along the rows or along the columns, that must be
    /// alike for a sampled grid to count as stripes (``isStriped(_:size:)``).
    static let stripeAgreement = 0.9

    /// True when the data modules of `grid` (a module grid of `size` sampled from the image: `columns` ×
    /// `rows`, finder at the left and bottom) repeat along one axis, or are all alike: at least
    /// ``stripeAgreement`` of the pairs of data modules next to each other in a column, or in a row, are
    /// alike.
    ///
    /// A Data Matrix symbol is never so. Its codewords are placed in the data regions in the shapes of
    /// ISO/IEC 16022:2006 §5.8 and Annex F, eight modules over two or three rows and columns each. The data
    /// codewords may be nearly uniform (a run of one character), but the Reed–Solomon check codewords
    /// (§5.7) follow no pattern and are at least 27 % of the codewords in every size (496 of 1,800 in
    /// 132 × 132), the pad codewords are randomised (§5.2.3, Annex B.1): so even uniform data leaves
    /// about 0.73 + 0.27 × 0.5 ≈ 0.86 of the neighbours alike, below the bar, and ordinary data about half.
    /// A grid laid over the bars of a linear symbol, whose ends and guard bars can pass for a finder and a
    /// timing edge, is made of stripes across the bars: such a grid is no symbol, and neither its reads
    /// nor its near misses are worth the effort.
    static func isStriped(_ grid: BitMatrix, size: DMSymbolSize) -> Bool {
        guard grid.width == size.columns, grid.height == size.rows else { return false }
        return isStriped(size) { col, row in grid[col, row] }
    }

    /// ``isStriped(_:size:)`` of the grid that `GridSampler.sample(m, columns:rows:transform:)` would sample
    /// (false where that gives none: a module's centre outside the image), read row by row and given up as
    /// soon as neither axis can reach ``stripeAgreement``: a real symbol's grid is told in a few rows, for
    /// a fraction of a whole grid's sampling.
    static func isStriped(_ m: BitMatrix, size: DMSymbolSize, transform t: PerspectiveTransform) -> Bool {
        guard t.isValid else { return false }
        return isStriped(size) { col, row in GridSampler.module(m, column: col, row: row, transform: t) }
    }

    /// The pairs of neighbouring data modules of `size` in its rows and in its columns: each data region
    /// (`regionRows` × `regionColumns`) on its own, as the finder and timing modules separate them.
    static func dataPairs(_ size: DMSymbolSize) -> (inRows: Int, inColumns: Int) {
        let regions = size.verticalRegions * size.horizontalRegions
        return (
            regions * size.regionRows * (size.regionColumns - 1),
            regions * (size.regionRows - 1) * size.regionColumns
        )
    }

    /// The rule of ``isStriped(_:size:)`` over modules read by `module` (column, row; true = dark; nil: not
    /// readable, which makes the grid no stripes), row by row.
    @inline(__always)
    private static func isStriped(_ size: DMSymbolSize, module: (_ col: Int, _ row: Int) -> Bool?) -> Bool {
        let pairs = dataPairs(size)
        // Whether an axis with `unlike` pairs of unlike modules can still have ``stripeAgreement`` alike.
        func canBeStriped(_ unlike: Int, _ pairs: Int) -> Bool {
            pairs > 0 && Double(pairs - unlike) >= stripeAgreement * Double(pairs)
        }
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(1, size.columns)) { above in
            var unlikeInRows = 0, unlikeInColumns = 0
            for row in 0..<size.rows {
                var left = false
                for col in 0..<size.columns {
                    guard let v = module(col, row) else { return false }
                    if expected(size, row: row, col: col) == nil {
                        if col > 0, left != v, expected(size, row: row, col: col - 1) == nil { unlikeInRows += 1 }
                        if row > 0, above[col] != v, expected(size, row: row - 1, col: col) == nil {
                            unlikeInColumns += 1
                        }
                    }
                    left = v
                    above[col] = v
                }
                if !canBeStriped(unlikeInRows, pairs.inRows) && !canBeStriped(unlikeInColumns, pairs.inColumns) {
                    return false
                }
            }
            return true
        }
    }
}
