/// Reads a fuzzer's input as a sequence of decisions and payload bytes: each call takes the next bytes
/// (zero once the input is used up), so every input, however short, is a valid test case.
public struct FuzzBytes {
    public let bytes: [UInt8]
    public private(set) var position = 0

    /// Copies the `size` bytes at `data` (libFuzzer's arguments; `data` may be nil when `size` is 0).
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Bytes not read yet.
    public var remaining: Int { bytes.count - position }

    /// The next byte, or 0 after the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `range` from the next one or two bytes (two when the range is wider than 256).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return range.lowerBound + raw % span
    }

    /// A flag from the next byte's lowest bit.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[min(position, bytes.count)...])
    }
}

extension FuzzBytes {
    /// The remaining bytes as bits, most significant first, `count` of them (zeros past the end): a module
    /// grid or a bit stream.
    public mutating func bits(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var i = 0
        while i < count && remaining > 0 {
            let b = byte()
            for k in 0..<8 where i + k < count { out[i + k] = (b >> (7 - k)) & 1 }
            i += 8
        }
        return out
    }
}
