/// An 8-bit luminance plane (0 = black, 255 = white), row-major, origin top left, x right, y down.
///
/// The pixel at (x, y) is `storage[offset + y * stride + x]`. Cropping shares `storage` (no copy):
/// a crop is a window with another `offset`, `width` and `height`.
///
/// ```swift
/// let image = LuminanceImage(width: 2, height: 1, pixels: [0, 255])
/// image[1, 0]   // 255
/// ```
public struct LuminanceImage: Sendable, Equatable {
    /// Backing bytes, possibly shared with other crops of the same plane.
    public let storage: [UInt8]
    /// Index in `storage` of pixel (0, 0).
    public let offset: Int
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance in bytes between the starts of two rows.
    public let stride: Int

    /// Wraps an existing plane. `storage` must hold `offset + (height - 1) * stride + width` bytes.
    /// - Precondition: the sizes are consistent (checked; violating it is a programming error).
    public init(storage: [UInt8], offset: Int = 0, width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width && offset >= 0)
        precondition(height == 0 || storage.count >= offset + (height - 1) * stride + width)
        self.storage = storage
        self.offset = offset
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// A tightly packed image (`stride == width`).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.init(storage: pixels, width: width, height: height, stride: width)
    }

    /// A uniform image of the given value.
    public init(width: Int, height: Int, filledWith value: UInt8) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    /// Luminance at (x, y). Precondition: inside the image.
    @inlinable public subscript(x: Int, y: Int) -> UInt8 {
        storage[offset + y * stride + x]
    }

    /// A zero-copy window of this image.
    /// - Throws: ``ScanError/invalidRegion(_:)`` when the rectangle is empty or leaves the image.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) throws -> LuminanceImage {
        guard x >= 0, y >= 0, w > 0, h > 0, x + w <= width, y + h <= height else {
            throw ScanError.invalidRegion("crop \(w)x\(h)+\(x)+\(y) is outside the \(width)x\(height) image")
        }
        return LuminanceImage(storage: storage, offset: offset + y * stride + x, width: w, height: h, stride: stride)
    }

    /// The pixels as a tightly packed array of `width * height` bytes (copies only when needed).
    public var packedPixels: [UInt8] {
        if offset == 0 && stride == width && storage.count == width * height { return storage }
        var out = [UInt8](repeating: 0, count: width * height)
        storage.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let s = offset + y * stride
                    for x in 0..<width { dst[y * width + x] = src[s + x] }
                }
            }
        }
        return out
    }

    /// One row as a new array of `width` bytes.
    public func row(_ y: Int) -> [UInt8] {
        let s = offset + y * stride
        return Array(storage[s..<(s + width)])
    }

    /// One column as a new array of `height` bytes (top to bottom).
    public func column(_ x: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: height)
        storage.withUnsafeBufferPointer { src in
            for y in 0..<height { out[y] = src[offset + y * stride + x] }
        }
        return out
    }

    /// The photographic negative (255 − value), packed.
    public func inverted() -> LuminanceImage {
        var out = packedPixels
        out.withUnsafeMutableBufferPointer { buf in
            for i in buf.indices { buf[i] = 255 &- buf[i] }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }

    /// The image rotated by 90° clockwise (the result is `height` wide and `width` high).
    ///
    /// A point (x, y) of this image lands at (height − 1 − y, x) in the result.
    public func rotated90Clockwise() -> LuminanceImage {
        let w = height, h = width
        var out = [UInt8](repeating: 0, count: w * h)
        storage.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let s = offset + y * stride
                    let nx = height - 1 - y
                    for x in 0..<width { dst[x * w + nx] = src[s + x] }
                }
            }
        }
        return LuminanceImage(width: w, height: h, pixels: out)
    }

    /// The `width / 2` × `height / 2` means of 2×2 blocks, rounded ((sum + 2) / 4), packed row by row:
    /// ``downscaled(by:)`` by 2, eight pixels at a time. Needs an image at least 2×2.
    func halvedPixels() -> [UInt8] {
        let hw = width / 2, hh = height / 2
        return [UInt8](unsafeUninitializedCapacity: hw * hh) { dst, initialized in
            storage.withUnsafeBufferPointer { src in
                guard let sp = src.baseAddress, let dp = dst.baseAddress else { return }
                for y in 0..<hh {
                    let r0 = sp + offset + 2 * y * stride, r1 = r0 + stride
                    let out = dp + y * hw
                    // Eight half pixels at a time (the same sums lane by lane), then the rest.
                    var x = 0
                    while x + 8 <= hw {
                        let a = UnsafeRawPointer(r0 + 2 * x).loadUnaligned(as: SIMD16<UInt8>.self)
                        let b = UnsafeRawPointer(r1 + 2 * x).loadUnaligned(as: SIMD16<UInt8>.self)
                        let s =
                            SIMD8<UInt16>(truncatingIfNeeded: a.evenHalf)
                            &+ SIMD8<UInt16>(truncatingIfNeeded: a.oddHalf)
                            &+ SIMD8<UInt16>(truncatingIfNeeded: b.evenHalf)
                            &+ SIMD8<UInt16>(truncatingIfNeeded: b.oddHalf) &+ 2
                        UnsafeMutableRawPointer(out + x).storeBytes(
                            of: SIMD8<UInt8>(truncatingIfNeeded: s &>> 2), as: SIMD8<UInt8>.self)
                        x += 8
                    }
                    while x < hw {
                        let s =
                            UInt16(r0[2 * x]) &+ UInt16(r0[2 * x + 1]) &+ UInt16(r1[2 * x])
                            &+ UInt16(r1[2 * x + 1]) &+ 2
                        out[x] = UInt8(truncatingIfNeeded: s >> 2)
                        x += 1
                    }
                }
            }
            initialized = hw * hh
        }
    }

    /// A copy shrunk by an integer `factor` in both directions by averaging `factor × factor` blocks.
    /// The result is `width / factor` × `height / factor` (at least 1×1); (x, y) here maps to
    /// (x · factor + factor/2, y · factor + factor/2) in this image.
    public func downscaled(by factor: Int) -> LuminanceImage {
        precondition(factor >= 1)
        if factor == 1 { return LuminanceImage(width: width, height: height, pixels: packedPixels) }
        let w = max(1, width / factor), h = max(1, height / factor)
        guard width > 0, height > 0 else { return LuminanceImage(width: w, height: h, filledWith: 0) }
        if factor == 2 && width >= 2 && height >= 2 {
            return LuminanceImage(width: w, height: h, pixels: halvedPixels())
        }
        let area = factor * factor
        // The rounded mean (sum + area/2) / area; a shift when the area is a power of two (4, 16, 64, …:
        // the registry's pyramid of factors 2, 4, 8), which is the same for the non-negative sums.
        let shift = area.nonzeroBitCount == 1 ? area.trailingZeroBitCount : -1
        // Column sums of `factor` rows at a time, then sums of `factor` columns: two linear passes. A
        // row or column past the image (only when it is narrower than `factor`) repeats the last one.
        var colSums = [Int32](repeating: 0, count: width)
        let out = [UInt8](unsafeUninitializedCapacity: w * h) { dst, initialized in
            storage.withUnsafeBufferPointer { src in
                colSums.withUnsafeMutableBufferPointer { cs in
                    guard let sp = src.baseAddress, let dp = dst.baseAddress, let cp = cs.baseAddress else {
                        dst.initialize(repeating: 0)
                        return
                    }
                    for by in 0..<h {
                        let top = sp + offset + min(height - 1, by * factor) * stride
                        for x in 0..<width { cp[x] = Int32(top[x]) }
                        for dy in 1..<factor {
                            let row = sp + offset + min(height - 1, by * factor + dy) * stride
                            for x in 0..<width { cp[x] &+= Int32(row[x]) }
                        }
                        let line = dp + by * w
                        // Whole blocks (all of them unless the image is narrower than `factor`), with the
                        // pyramid's factors as constants for the compiler; then the clamped one.
                        let whole = width >= factor ? w : 0
                        @inline(__always) func blocks(_ f: Int) {
                            for bx in 0..<whole {
                                let x0 = bx * f
                                var sum = 0
                                for dx in 0..<f { sum &+= Int(cp[x0 + dx]) }
                                let rounded = sum + area / 2
                                line[bx] = UInt8(truncatingIfNeeded: shift >= 0 ? rounded >> shift : rounded / area)
                            }
                        }
                        switch factor {
                        case 4: blocks(4)
                        case 8: blocks(8)
                        default: blocks(factor)
                        }
                        for bx in whole..<w {
                            var sum = 0
                            for dx in 0..<factor { sum &+= Int(cp[min(width - 1, bx * factor + dx)]) }
                            let rounded = sum + area / 2
                            line[bx] = UInt8(truncatingIfNeeded: shift >= 0 ? rounded >> shift : rounded / area)
                        }
                    }
                }
            }
            initialized = w * h
        }
        return LuminanceImage(width: w, height: h, pixels: out)
    }
}
