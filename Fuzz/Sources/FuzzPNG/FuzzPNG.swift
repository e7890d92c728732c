import FuzzSupport
import ScanImageIO

/// PNG (libpng's simplified API through ScanImageIO), as `ImageReader.read(data:)` wires it
/// (``FuzzImage/read(_:as:)``: inputs without the format's signature skipped, 4 megapixels at most, a frame it
/// returns converted to luminance).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzImage.read(FuzzBytes(data, size).bytes, as: .png)
    return 0
}
