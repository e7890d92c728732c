import FuzzSupport
import ScanImageIO

/// PGM/PPM (ScanImageIO's own Netpbm parser, binary and ASCII), as `ImageReader.read(data:)` wires it
/// (``FuzzImage/read(_:as:)``: inputs without the format's signature skipped, 4 megapixels at most, a frame it
/// returns converted to luminance).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNM(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzImage.read(FuzzBytes(data, size).bytes, as: .pnm)
    return 0
}
