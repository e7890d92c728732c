import ScanCore

/// Reads the data layers of a sampled symbol in placement order (ISO/IEC 24778:2008, data placement in the layers).
///
/// ```swift
/// let bits = AztecBitMatrixParser.layerBits(grid, size: AztecLayers(compact: true, layers: 2))
/// bits.count    // 240
/// ```
///
/// The grid is the symbol upright and unmirrored, `dimension × dimension`, 1 = dark. Each layer is a ring
/// two modules wide, read from the outermost layer inwards. A layer is four arms of "dominoes" (two
/// modules across the layer, outer module first): down the left side from the top-left corner, along
/// the bottom to the right, up the right side and along the top to the left, each arm `rowSize`
/// dominoes long and ending where the next one begins (a pinwheel). Reference-grid rows and columns of a
/// full-range symbol are skipped (``AztecLayers/symbolIndex(_:)``).
public enum AztecBitMatrixParser {
    /// All layer bits (0/1) in placement order, `size.totalBits` of them.
    public static func layerBits(_ grid: BitMatrix, size: AztecLayers) -> [UInt8] {
        let base = size.baseDimension
        let index = (0..<base).map(size.symbolIndex)
        var out = [UInt8]()
        out.reserveCapacity(size.totalBits)
        for layer in 0..<size.layers {
            let low = 2 * layer
            let high = base - 1 - 2 * layer
            let rowSize = high - low - 1
            func put(_ x: Int, _ y: Int) { out.append(grid.bits[index[y] * grid.width + index[x]]) }
            for j in 0..<rowSize { for k in 0..<2 { put(low + k, low + j) } }
            for j in 0..<rowSize { for k in 0..<2 { put(low + j, high - k) } }
            for j in 0..<rowSize { for k in 0..<2 { put(high - k, high - j) } }
            for j in 0..<rowSize { for k in 0..<2 { put(high - j, low + k) } }
        }
        return out
    }
}
