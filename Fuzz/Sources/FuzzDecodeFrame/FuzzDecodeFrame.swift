import BuiltinPlugins
import FuzzSupport
import ScanCore

/// A whole decode through BuiltinPlugins' registry (every format, every plugin's detector and decoder)
/// of a small grey frame: width and height (8…96) and option flags from the first bytes, then the pixels
/// (white past the end of the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodeFrame(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let width = input.int(in: 8...96)
    let height = input.int(in: 8...96)
    let flags = input.byte()
    var options = DecodeOptions()
    options.tryHarder = flags & 1 != 0
    options.tryRotate = flags & 2 != 0
    options.tryInvert = flags & 4 != 0
    options.pure = flags & 8 != 0
    options.searchWholeFrame = flags & 16 != 0
    options.binarizer = flags & 32 != 0 ? .globalHistogram : .local
    var pixels = input.rest()
    if pixels.count < width * height {
        pixels += [UInt8](repeating: 255, count: width * height - pixels.count)
    }
    guard let frame = try? Frame(pixels: pixels, format: .gray8, width: width, height: height) else { return 0 }
    for code in registry.decode(frame, options: options) {
        precondition(!code.symbologyIdentifier.isEmpty, "a result without a symbology identifier")
    }
    return 0
}

/// Built once: the registry holds no mutable state.
let registry = BuiltinPlugins.registry()
