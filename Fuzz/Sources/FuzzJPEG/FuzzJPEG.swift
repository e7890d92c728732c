import FuzzSupport
import ScanImageIO

/// JPEG (TurboJPEG through ScanImageIO, with the EXIF orientation parser), as `ImageReader.read(data:)` wires it
/// (``FuzzImage/read(_:as:)``: inputs without the format's signature skipped, 4 megapixels at most, a frame it
/// returns converted to luminance).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzImage.read(FuzzBytes(data, size).bytes, as: .jpeg)
    return 0
}
