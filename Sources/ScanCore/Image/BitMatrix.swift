/// A binarized image: one byte per pixel, 1 = dark (a bar or a dark module), 0 = light.
///
/// Row-major, origin top left, x right, y down, `width * height` bytes. One byte per pixel (rather than
/// one bit) keeps run extraction and sampling branch-free and vectorizable; memory is still small
/// (0.9 MB for a 1280×720 frame).
public struct BitMatrix: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` bytes, each 0 or 1 (writing other values is a programming error).
    public var bits: [UInt8]

    /// An all-light matrix.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.bits = [UInt8](repeating: 0, count: width * height)
    }

    /// Wraps bytes that are 0 or 1. Precondition: `bits.count == width * height`.
    public init(width: Int, height: Int, bits: [UInt8]) {
        precondition(bits.count == width * height)
        self.width = width
        self.height = height
        self.bits = bits
    }

    /// True when (x, y) is dark. Precondition: inside the matrix.
    @inlinable public subscript(x: Int, y: Int) -> Bool {
        get { bits[y * width + x] != 0 }
        set { bits[y * width + x] = newValue ? 1 : 0 }
    }

    /// The complement: every dark pixel light and every light pixel dark.
    public func complemented() -> BitMatrix {
        let count = bits.count
        let flipped = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            bits.withUnsafeBytes { src in
                guard let s = src.baseAddress, let d = out.baseAddress else { return }
                // Eight pixels at a time, then the tail.
                let words = count / 8
                let ones: UInt64 = 0x0101_0101_0101_0101
                for k in 0..<words {
                    let v = s.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
                    UnsafeMutableRawPointer(d).storeBytes(of: v ^ ones, toByteOffset: 8 * k, as: UInt64.self)
                }
                for k in (8 * words)..<count { d[k] = s.load(fromByteOffset: k, as: UInt8.self) ^ 1 }
            }
            initialized = count
        }
        return BitMatrix(width: width, height: height, bits: flipped)
    }

    /// Run lengths along row `y`, left to right, alternating light and dark and starting with light
    /// (the first run is 0 when the row starts dark). The runs add up to `width`.
    public func rowRuns(_ y: Int) -> [Int] {
        rowRuns(y, in: 0..<width)
    }

    /// Run lengths along column `x`, top to bottom, in the same convention as ``rowRuns(_:)``.
    public func columnRuns(_ x: Int) -> [Int] {
        bits.withUnsafeBufferPointer { buf in
            BitMatrix.runs(count: height) { buf[$0 * width + x] }
        }
    }

    /// Run lengths along row `y` over the pixels `xs` only (a search span), in the convention of
    /// ``rowRuns(_:)``: the runs add up to `xs.count`, and position 0 is pixel `xs.lowerBound`.
    public func rowRuns(_ y: Int, in xs: Range<Int>) -> [Int] {
        bits.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return [xs.count] }
            return BitMatrix.contiguousRuns(base + y * width + xs.lowerBound, count: xs.count)
        }
    }

    /// ``rowRuns(_:in:)`` written into `runs`, whose storage is kept from call to call (a search over
    /// many rows allocates nothing per row). The runs are `runs[0..<n]` for the `n` returned; entries from
    /// `n` on are left from earlier calls.
    public func rowRuns(_ y: Int, in xs: Range<Int>, into runs: inout [Int]) -> Int {
        if runs.count < xs.count + 1 { runs = [Int](repeating: 0, count: xs.count + 1) }
        guard !xs.isEmpty else {
            runs[0] = 0
            return 1
        }
        return bits.withUnsafeBufferPointer { buf in
            runs.withUnsafeMutableBufferPointer { out in
                guard let base = buf.baseAddress else { return 0 }
                var n = 0
                var start = 0
                BitMatrix.forEachColourChange(base + y * width + xs.lowerBound, count: xs.count) { i in
                    out[n] = i - start
                    n += 1
                    start = i
                }
                out[n] = xs.count - start
                return n + 1
            }
        }
    }

    /// Run lengths along column `x` over the pixels `ys` only, in the convention of ``rowRuns(_:in:)``.
    public func columnRuns(_ x: Int, in ys: Range<Int>) -> [Int] {
        bits.withUnsafeBufferPointer { buf in
            BitMatrix.runs(count: ys.count) { buf[(ys.lowerBound + $0) * width + x] }
        }
    }

    /// Run lengths of a line of 0/1 values (convention of ``rowRuns(_:)``).
    static func runs(of values: [UInt8]) -> [Int] {
        values.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return [0] }
            return BitMatrix.contiguousRuns(base, count: buf.count)
        }
    }

    /// Run lengths (convention of ``rowRuns(_:)``) of `count` consecutive 0/1 bytes at `p`.
    static func contiguousRuns(_ p: UnsafePointer<UInt8>, count: Int) -> [Int] {
        guard count > 0 else { return [0] }
        var runs: [Int] = []
        runs.reserveCapacity(count / 8 + 16)
        var start = 0
        forEachColourChange(p, count: count) { i in
            runs.append(i - start)
            start = i
        }
        runs.append(count - start)
        return runs
    }

    /// Calls `body(i)`, in increasing order, for every position i (0 ≤ i < `count`) where the 0/1 byte
    /// `p[i]` differs from the one before it, the line counting as light before its first byte (so i = 0
    /// is reported when the line starts dark). Changes are found eight bytes at a time: a word XORed with
    /// the same word one byte on is zero where nothing changes, and its set bytes mark the changes. For
    /// run extraction along image rows (``rowRuns(_:)``, detectors with their own run buffers).
    @inlinable @inline(__always)
    public static func forEachColourChange(_ p: UnsafePointer<UInt8>, count: Int, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        if p[0] != 0 { body(0) }
        let raw = UnsafeRawPointer(p)
        var i = 0
        while i + 9 <= count {
            // Byte j of x is 1 exactly when p[i + j] != p[i + j + 1].
            var x =
                raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
                ^ raw.loadUnaligned(fromByteOffset: i + 1, as: UInt64.self).littleEndian
            while x != 0 {
                body(i + (x.trailingZeroBitCount >> 3) + 1)
                x &= x &- 1
            }
            i += 8
        }
        while i + 1 < count {
            if p[i] != p[i + 1] { body(i + 1) }
            i += 1
        }
    }

    @inline(__always)
    static func runs(count: Int, _ at: (Int) -> UInt8) -> [Int] {
        var runs: [Int] = []
        runs.reserveCapacity(64)
        var current: UInt8 = 0
        var length = 0
        for i in 0..<count {
            let v = at(i)
            if v == current {
                length += 1
            } else {
                runs.append(length)
                current = v
                length = 1
            }
        }
        runs.append(length)
        return runs
    }
}
