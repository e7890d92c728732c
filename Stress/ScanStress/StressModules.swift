import ScanCore

/// A symbol's modules as an encoder made them, before drawing: 1 = dark, no quiet zone.
public struct StressModules: Sendable {
    /// How rows of `modules` become height.
    public enum Kind: Sendable {
        /// One row standing for full-height bars.
        case linear
        /// Rows of bars, each as high as the scene's bar height (PDF417).
        case stacked
        /// Square modules.
        case matrix
    }

    public var modules: BitMatrix
    public var kind: Kind

    public init(modules: BitMatrix, kind: Kind) {
        self.modules = modules
        self.kind = kind
    }

    /// Parses zint's `--dump` text: one line per row, each row as hexadecimal digits in groups (a group of
    /// two digits is 8 modules, a last group of one digit 4), most significant bit leftmost; the row's
    /// module count is `width` (zint pads the last group with 0 bits). `nil` for text with no row.
    public static func parseZintDump(_ text: String, kind: Kind) -> StressModules? {
        var rows: [[UInt8]] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var bits: [UInt8] = []
            for group in line.split(separator: " ") {
                guard let v = UInt32(group, radix: 16) else { return nil }
                let n = 4 * group.count
                for k in (0..<n).reversed() { bits.append(UInt8((v >> UInt32(k)) & 1)) }
            }
            if !bits.isEmpty { rows.append(bits) }
        }
        guard let first = rows.first else { return nil }
        // zint pads each row to whole hexadecimal digits: the true width is unknown from the text alone,
        // so trailing light modules common to every row are dropped (linear and stacked symbols end with
        // a bar, a Data Matrix has its timing pattern on the right).
        var width = first.count
        while width > 0 && rows.allSatisfy({ $0.count >= width && $0[width - 1] == 0 }) { width -= 1 }
        guard width > 0 else { return nil }
        // A square matrix symbol (QR Code, Aztec, square Data Matrix) can have an all-light last column.
        if kind == .matrix && width <= rows.count && rows.count <= first.count { width = rows.count }
        var m = BitMatrix(width: width, height: rows.count)
        for (y, row) in rows.enumerated() {
            for x in 0..<min(width, row.count) where row[x] != 0 { m[x, y] = true }
        }
        return StressModules(modules: m, kind: kind)
    }
}
