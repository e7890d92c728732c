import ScanCore
import Synchronization

/// Reads the codewords of a sampled ECC 200 symbol (ISO/IEC 16022:2006 §5.8 and Annex F).
///
/// ```swift
/// // grid: rows × columns modules, 1 = dark, finder at the left and bottom
/// let codewords = DMBitMatrixParser.codewords(grid, size: size)   // data then EC codewords, interleaved
/// ```
///
/// Two steps: the data regions are put side by side without their finder and timing borders (the
/// "mapping matrix", §5.8.1), then the codewords are read in the standard's placement order (Annex F):
/// diagonal sweeps of the 8-module "utah" shape, wrapping around the matrix edges, and the four corner
/// shapes that start some sweeps. Modules no codeword uses (the fixed 2 × 2 corner of some sizes) are
/// ignored.
public enum DMBitMatrixParser {
    /// The mapping matrix of `grid` (`size.rows` × `size.columns`, row-major), row-major.
    public static func mappingMatrix(_ grid: BitMatrix, size: DMSymbolSize) -> [UInt8] {
        let mr = size.mappingRows
        let mc = size.mappingColumns
        let rr = size.regionRows
        let rc = size.regionColumns
        var out = [UInt8](repeating: 0, count: mr * mc)
        for r in 0..<mr {
            let sy = (r / rr) * (rr + 2) + 1 + r % rr
            for c in 0..<mc {
                let sx = (c / rc) * (rc + 2) + 1 + c % rc
                out[r * mc + c] = grid.bits[sy * grid.width + sx]
            }
        }
        return out
    }

    /// The module positions of every codeword: for codeword k, `positions[k]` lists its 8 modules as
    /// indices into the mapping matrix, most significant bit first (Annex F; the standard numbers these
    /// bits 1…8). Every size of ``DMSymbolSize/all`` gets exactly `totalCodewords` codewords, each module
    /// used once (checked by the tests).
    public static func placement(rows nrow: Int, columns ncol: Int) -> [[Int]] {
        var used = [Bool](repeating: false, count: nrow * ncol)
        var result: [[Int]] = []

        func module(_ row: Int, _ col: Int) -> Int {
            var r = row
            var c = col
            if r < 0 {
                r += nrow
                c += 4 - ((nrow + 4) % 8)
            }
            if c < 0 {
                c += ncol
                r += 4 - ((ncol + 4) % 8)
            }
            // DMRE 26×40 and 26×48 (24-row mapping matrices whose width is a multiple of 8 plus 4): the
            // second wrap lands below the matrix and continues at its top (ISO/IEC 21471:2020 §5.8,
            // placement of the first characters of these sizes).
            if r >= nrow { r -= nrow }
            let i = r * ncol + c
            used[i] = true
            return i
        }
        func shape(_ cells: [(Int, Int)]) { result.append(cells.map { module($0.0, $0.1) }) }
        func utah(_ r: Int, _ c: Int) {
            shape([
                (r - 2, c - 2), (r - 2, c - 1), (r - 1, c - 2), (r - 1, c - 1), (r - 1, c), (r, c - 2),
                (r, c - 1), (r, c),
            ])
        }
        func corner1() {
            shape([
                (nrow - 1, 0), (nrow - 1, 1), (nrow - 1, 2), (0, ncol - 2), (0, ncol - 1), (1, ncol - 1),
                (2, ncol - 1), (3, ncol - 1),
            ])
        }
        func corner2() {
            shape([
                (nrow - 3, 0), (nrow - 2, 0), (nrow - 1, 0), (0, ncol - 4), (0, ncol - 3), (0, ncol - 2),
                (0, ncol - 1), (1, ncol - 1),
            ])
        }
        func corner3() {
            shape([
                (nrow - 3, 0), (nrow - 2, 0), (nrow - 1, 0), (0, ncol - 2), (0, ncol - 1), (1, ncol - 1),
                (2, ncol - 1), (3, ncol - 1),
            ])
        }
        func corner4() {
            shape([
                (nrow - 1, 0), (nrow - 1, ncol - 1), (0, ncol - 3), (0, ncol - 2), (0, ncol - 1),
                (1, ncol - 3), (1, ncol - 2), (1, ncol - 1),
            ])
        }

        var row = 4
        var col = 0
        repeat {
            if row == nrow && col == 0 { corner1() }
            if row == nrow - 2 && col == 0 && ncol % 4 != 0 { corner2() }
            if row == nrow - 2 && col == 0 && ncol % 8 == 4 { corner3() }
            if row == nrow + 4 && col == 2 && ncol % 8 == 0 { corner4() }
            // Up and to the right.
            repeat {
                if row < nrow && col >= 0 && !used[row * ncol + col] { utah(row, col) }
                row -= 2
                col += 2
            } while row >= 0 && col < ncol
            row += 1
            col += 3
            // Down and to the left.
            repeat {
                if row >= 0 && col < ncol && !used[row * ncol + col] { utah(row, col) }
                row += 2
                col -= 2
            } while row < nrow && col >= 0
            row += 3
            col += 1
        } while row < nrow || col < ncol
        return result
    }

    /// All codewords of the symbol in placement order (data and EC, still interleaved), or `nil` when
    /// the grid does not have the size's dimensions.
    public static func codewords(_ grid: BitMatrix, size: DMSymbolSize) -> [UInt8]? {
        guard grid.width == size.columns, grid.height == size.rows else { return nil }
        let mapping = mappingMatrix(grid, size: size)
        guard let index = DMSymbolSize.all.firstIndex(of: size) else { return nil }
        let places = placements(index)
        guard places.count >= size.totalCodewords * 8 else { return nil }
        var out = [UInt8](repeating: 0, count: size.totalCodewords)
        for k in 0..<size.totalCodewords {
            var v: UInt8 = 0
            for b in 0..<8 { v = (v << 1) | mapping[Int(places[k * 8 + b])] }
            out[k] = v
        }
        return out
    }

    /// ``placement(rows:columns:)`` of size `index` of ``DMSymbolSize/all``, flattened (8 entries per
    /// codeword); built once per size, on its first use (a process that reads one image builds the sizes
    /// it meets, not all 48).
    static func placements(_ index: Int) -> [Int32] {
        if let known = placementCache.withLock({ $0[index] }) { return known }
        let s = DMSymbolSize.all[index]
        let made = placement(rows: s.mappingRows, columns: s.mappingColumns).flatMap { $0.map { Int32($0) } }
        return placementCache.withLock { cache in
            if let known = cache[index] { return known }
            cache[index] = made
            return made
        }
    }

    private static let placementCache = Mutex([Int: [Int32]]())
}
