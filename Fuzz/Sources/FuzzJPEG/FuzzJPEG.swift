import FuzzSupport
import ScanCore
import ScanImageIO

/// JPEG (TurboJPEG through ScanImageIO, with the EXIF orientation parser), as
/// `ImageReader.read(data:)` wires it, on inputs that start with the format's signature (others are skipped;
/// the seeds start with it); a frame it returns is converted to luminance.
/// The pixel limit is 4 megapixels, so a header claiming more is refused before any pixel memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzBytes(data, size).bytes
    guard ImageFormat.detect(bytes) == .jpeg else { return 0 }
    if let frame = try? ImageReader.read(data: bytes, name: "fuzz", limits: ImageLimits(maxPixels: 4_000_000)) {
        precondition(frame.luminance().packedPixels.count == frame.width * frame.height, "short luminance plane")
    }
    return 0
}
