/// The eight data mask patterns (ISO/IEC 18004:2015 §7.8.2, Table 10), as conditions on the module at
/// row i, column j: where the condition holds, the module's data bit is inverted.
public enum QRDataMask {
    /// True when mask `reference` (0…7) inverts the module at row `i`, column `j`.
    @inline(__always)
    public static func isMasked(_ reference: Int, row i: Int, column j: Int) -> Bool {
        switch reference {
        case 0: return (i + j) % 2 == 0
        case 1: return i % 2 == 0
        case 2: return j % 3 == 0
        case 3: return (i + j) % 3 == 0
        case 4: return (i / 2 + j / 3) % 2 == 0
        case 5: return (i * j) % 2 + (i * j) % 3 == 0
        case 6: return ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: return ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}
