import ScanCore

extension BitMatrix {
    /// The matrix with each pixel set to the majority of its 3 × 3 neighbourhood (pixels outside count
    /// as light): removes salt-and-pepper specks that split the runs of finder patterns, at the cost of
    /// rounding off 1-pixel details. Cost: one pass with a running column sum.
    func majorityFiltered() -> BitMatrix {
        let w = width, h = height
        guard w >= 3, h >= 3 else { return self }
        var out = [UInt8](repeating: 0, count: w * h)
        bits.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let y0 = max(0, y - 1), y1 = min(h - 1, y + 1)
                    func column(_ x: Int) -> Int {
                        var n = 0
                        for yy in y0...y1 { n += Int(src[yy * w + x]) }
                        return n
                    }
                    var left = 0, mid = column(0), right = column(1)
                    for x in 0..<w {
                        let sum = left + mid + right
                        dst[y * w + x] = sum >= 5 ? 1 : 0
                        left = mid
                        mid = right
                        right = x + 2 < w ? column(x + 2) : 0
                    }
                }
            }
        }
        return BitMatrix(width: w, height: h, bits: out)
    }
}
