import Synchronization

/// The order in which codeword bits fill a QR Code symbol's data area (ISO/IEC 18004:2015 §7.7.3,
/// Figures 13–15), shared by the reader and the generator.
///
/// Bits go in two-module-wide columns, starting at the bottom right and zig-zagging upward then
/// downward, right module before left, skipping function modules and the vertical timing column
/// (column 6). Each codeword is placed most significant bit first; the modules left after the last
/// codeword hold remainder bits (0 before masking).
public enum QRCodewordPlacement {
    /// The data-area modules of `version` in placement order, as indices `y * dimension + x`
    /// (x = column, y = row, origin top left). Count: 8 × total codewords + remainder bits.
    /// Computed once per version and kept (every decode attempt needs it).
    public static func moduleOrder(_ version: QRVersion) -> [Int] {
        if let known = orders.withLock({ $0[version.number] }) { return known }
        let order = computeModuleOrder(version)
        orders.withLock { $0[version.number] = order }
        return order
    }

    private static let orders = Mutex<[Int: [Int]]>([:])

    private static func computeModuleOrder(_ version: QRVersion) -> [Int] {
        let n = version.dimension
        let function = version.functionPatternMask()
        var out: [Int] = []
        out.reserveCapacity(n * n)
        var upward = true
        var right = n - 1
        while right > 0 {
            if right == 6 { right -= 1 }  // the vertical timing pattern
            for step in 0..<n {
                let row = upward ? n - 1 - step : step
                for dx in 0..<2 where function[row * n + right - dx] == 0 {
                    out.append(row * n + right - dx)
                }
            }
            upward.toggle()
            right -= 2
        }
        return out
    }
}
