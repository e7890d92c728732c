import Testing

@testable import PDF417

/// The detector's run buffer: the eight-pixels-at-a-time row path against the pixel-by-pixel path.
struct PDF417RunBufferTests {
    /// Runs and starts of `bits` read along a row (stride 1) and the same bits read as a column (stride 3).
    func bothPaths(_ bits: [UInt8], origin: Int) -> (row: RunBuffer, column: RunBuffer) {
        var row = RunBuffer(), column = RunBuffer()
        bits.withUnsafeBufferPointer { row.fill($0.baseAddress!, length: bits.count, stride: 1, origin: origin) }
        var spread = [UInt8](repeating: 7, count: 3 * bits.count)
        for (i, b) in bits.enumerated() { spread[3 * i] = b }
        spread.withUnsafeBufferPointer {
            column.fill($0.baseAddress!, length: bits.count, stride: 3, origin: origin)
        }
        return (row, column)
    }

    @Test func knownRow() {
        // Light 2, dark 9, light 1, dark 1, light 7 (20 pixels: two words and a tail of four).
        let bits: [UInt8] = [0, 0] + [UInt8](repeating: 1, count: 9) + [0, 1] + [UInt8](repeating: 0, count: 7)
        let (row, column) = bothPaths(bits, origin: 5)
        #expect(row.count == 5)
        #expect(Array(row.runs[0..<5]) == [2, 9, 1, 1, 7])
        #expect(Array(row.starts[0...5]) == [5, 7, 16, 17, 18, 25])
        #expect(Array(column.runs[0..<5]) == [2, 9, 1, 1, 7])
        #expect(Array(column.starts[0...5]) == [5, 7, 16, 17, 18, 25])
    }

    @Test func startsDark() {
        let bits: [UInt8] = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]
        let (row, _) = bothPaths(bits, origin: 0)
        #expect(row.count == 4)
        #expect(Array(row.runs[0..<4]) == [0, 3, 8, 1])
        #expect(Array(row.starts[0...4]) == [0, 0, 3, 11, 12])
    }

    @Test(arguments: [1, 7, 8, 9, 64, 333]) func pathsAgree(length: Int) {
        // A fixed pseudo-random line (linear congruential), runs of 1 to 12 pixels.
        var state: UInt32 = 12345 &+ UInt32(length)
        var bits: [UInt8] = []
        var v: UInt8 = 0
        while bits.count < length {
            state = state &* 1_103_515_245 &+ 12345
            bits += [UInt8](repeating: v, count: Int(state >> 16) % 12 + 1)
            v ^= 1
        }
        bits = Array(bits.prefix(length))
        let (row, column) = bothPaths(bits, origin: 11)
        #expect(row.count == column.count)
        #expect(Array(row.runs[0..<row.count]) == Array(column.runs[0..<column.count]))
        #expect(Array(row.starts[0...row.count]) == Array(column.starts[0...column.count]))
        #expect(row.runs[0..<row.count].reduce(0, +) == Double(length))
    }
}
