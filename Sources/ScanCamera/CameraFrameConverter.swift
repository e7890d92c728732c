import Foundation
import ScanCore
import ScanImageIO

/// Turns one captured V4L2 buffer into a ``Frame``.
///
/// Where the format allows it only the luminance is kept, without converting colour: GREY rows are copied,
/// the Y samples of YUYV/UYVY are picked out, and the Y plane of NV12/YU12 is copied; each gives a packed
/// `gray8` frame (row padding dropped). RGB24/BGR24 stay colour frames (their luminance is computed when
/// decoding, as for any colour image). MJPEG is decoded with libjpeg-turbo (ScanImageIO).
///
/// Cost: one pass over the luminance bytes; MJPEG one JPEG decode.
public enum CameraFrameConverter {
    /// A buffer that cannot be a frame of the negotiated mode.
    public struct ConversionError: Error, CustomStringConvertible, Equatable {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The frame in `bytes` (the `bytesused` part of a buffer).
    ///
    /// - Parameters:
    ///   - bytesPerLine: the driver's row pitch of the first plane (`bytesperline`); 0 means packed.
    ///   - sequence, timestamp, source: carried into the frame.
    /// - Throws: ``ConversionError`` when the buffer is shorter than the frame or a JPEG does not decode.
    public static func frame(
        from bytes: UnsafeRawBufferPointer, format: CameraPixelFormat, width: Int, height: Int, bytesPerLine: Int,
        sequence: Int, timestamp: Date, source: String
    ) throws(ConversionError) -> Frame {
        guard width > 0, height > 0 else { throw ConversionError(description: "frame size \(width)x\(height)") }
        let sampleBytes: Int
        switch format {
        case .yuyv, .uyvy: sampleBytes = 2
        case .rgb24, .bgr24: sampleBytes = 3
        default: sampleBytes = 1
        }
        let pitch = bytesPerLine > 0 ? bytesPerLine : width * sampleBytes
        if format != .mjpeg {
            guard pitch >= width * sampleBytes else {
                throw ConversionError(description: "bytesperline \(pitch) is shorter than a row of \(width) pixels")
            }
            // Only the first plane is read; chroma planes of NV12/YU12 need not be complete.
            let needed = pitch * (height - 1) + width * sampleBytes
            guard bytes.count >= needed else {
                throw ConversionError(
                    description:
                        "buffer holds \(bytes.count) bytes, a \(width)x\(height) \(format.rawValue) frame needs \(needed)"
                )
            }
        }
        let made: Frame
        do {
            switch format {
            case .gray8, .nv12, .i420:
                made = try Frame(
                    pixels: pick(bytes, width: width, height: height, pitch: pitch, step: 1, offset: 0),
                    format: .gray8, width: width, height: height)
            case .yuyv:
                made = try Frame(
                    pixels: pick(bytes, width: width, height: height, pitch: pitch, step: 2, offset: 0),
                    format: .gray8, width: width, height: height)
            case .uyvy:
                made = try Frame(
                    pixels: pick(bytes, width: width, height: height, pitch: pitch, step: 2, offset: 1),
                    format: .gray8, width: width, height: height)
            case .rgb24, .bgr24:
                var pixels = [UInt8](repeating: 0, count: width * 3 * height)
                pixels.withUnsafeMutableBytes { out in
                    for y in 0..<height {
                        out.baseAddress!.advanced(by: y * width * 3).copyMemory(
                            from: bytes.baseAddress!.advanced(by: y * pitch), byteCount: width * 3)
                    }
                }
                made = try Frame(
                    pixels: pixels, format: format == .rgb24 ? .rgb24 : .bgr24, width: width, height: height)
            case .mjpeg:
                do {
                    made = try ImageReader.read(data: Array(bytes), name: source)
                } catch {
                    throw ConversionError(description: "JPEG frame does not decode: \(error)")
                }
            }
        } catch let error as ConversionError {
            throw error
        } catch {
            throw ConversionError(description: "\(error)")
        }
        var frame = made
        frame.sequenceNumber = sequence
        frame.timestamp = timestamp
        frame.source = source
        return frame
    }

    /// Every `step`-th byte from `offset` of each row: `width` bytes per row, packed.
    private static func pick(
        _ bytes: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int, step: Int, offset: Int
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            let src = bytes.bindMemory(to: UInt8.self)
            for y in 0..<height {
                let row = y * pitch + offset
                let dst = y * width
                if step == 1 {
                    UnsafeMutableRawPointer(out.baseAddress! + dst).copyMemory(
                        from: src.baseAddress! + row, byteCount: width)
                } else {
                    for x in 0..<width { out[dst + x] = src[row + x * step] }
                }
            }
            count = width * height
        }
    }
}
