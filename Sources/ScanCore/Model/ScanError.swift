/// Errors thrown by ScanCore. Decoders never throw for "no symbol found": they return no result.
public enum ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame's size, stride or buffer length is inconsistent; the text says which.
    case invalidFrame(String)
    /// A crop or region lies outside the image; the text gives the rectangle and the image size.
    case invalidRegion(String)

    public var description: String {
        switch self {
        case .invalidFrame(let why): return "invalid frame: \(why)"
        case .invalidRegion(let why): return "invalid region: \(why)"
        }
    }
}
