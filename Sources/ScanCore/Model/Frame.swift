import Foundation

/// One image as it came from an input: pixels, their layout, and where and when they came from.
///
/// Pixels are row-major with the origin at the top left, x to the right and y down.
/// `stride` is the byte distance between the starts of two rows of the first plane
/// (see ``PixelFormat`` for planar formats). The pixel buffer is a Swift array, so a frame is
/// `Sendable` and moves between threads without copying.
public struct Frame: Sendable {
    /// Raw pixel bytes in `format` layout; at least `format.frameByteCount(width:height:stride:)` bytes.
    public var pixels: [UInt8]
    public var format: PixelFormat
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bytes between row starts of the first plane.
    public var stride: Int
    /// Position of this frame in its input, counted from 0 (a file input counts files).
    public var sequenceNumber: Int
    /// When the frame was captured or read.
    public var timestamp: Date
    /// Where the frame came from: a file path, a device node, or `stdin`.
    public var source: String

    /// Creates a frame, checking that the buffer holds the whole image.
    ///
    /// - Parameter stride: row pitch in bytes; `nil` means tightly packed (`format.minimumStride(width:)`).
    /// - Throws: ``ScanError/invalidFrame(_:)`` when a dimension is not positive, the stride is shorter
    ///   than a row, or the buffer is shorter than the frame.
    public init(
        pixels: [UInt8], format: PixelFormat, width: Int, height: Int, stride: Int? = nil,
        sequenceNumber: Int = 0, timestamp: Date = Date(), source: String = ""
    ) throws {
        let rowPitch = stride ?? format.minimumStride(width: width)
        guard width > 0, height > 0 else {
            throw ScanError.invalidFrame("frame size \(width)x\(height) is not positive")
        }
        guard rowPitch >= format.minimumStride(width: width) else {
            throw ScanError.invalidFrame(
                "stride \(rowPitch) is shorter than one row of \(width) \(format.rawValue) pixels")
        }
        let needed = format.frameByteCount(width: width, height: height, stride: rowPitch)
        guard pixels.count >= needed else {
            throw ScanError.invalidFrame(
                "\(pixels.count) bytes given, a \(width)x\(height) \(format.rawValue) frame needs \(needed)")
        }
        self.pixels = pixels
        self.format = format
        self.width = width
        self.height = height
        self.stride = rowPitch
        self.sequenceNumber = sequenceNumber
        self.timestamp = timestamp
        self.source = source
    }
}
