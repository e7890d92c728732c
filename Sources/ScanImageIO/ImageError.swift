/// Why an image could not be read or written. Every case names the file (or the `name` given for
/// in-memory bytes), so the message can be shown as it is.
///
/// ```swift
/// do { _ = try ImageReader.read(contentsOf: "scan.jpg") }
/// catch { print(error) }   // "scan.jpg: not an image (no PNG, JPEG, WebP or PGM/PPM signature)"
/// ```
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The path exists but cannot be read (permissions, a directory, a device or FIFO, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file holds zero bytes.
    case emptyFile(path: String)
    /// The first bytes match none of the supported signatures (PNG, JPEG, WebP, PGM/PPM `P2` `P3` `P5` `P6`).
    /// The file extension is never consulted.
    case unknownFormat(path: String)
    /// The data is damaged; `message` is the decoder's own explanation (libpng, libjpeg-turbo or ours).
    case corrupt(path: String, format: ImageFormat, message: String)
    /// The data ends before the image does; `message` says where.
    case truncated(path: String, format: ImageFormat, message: String)
    /// The header declares more pixels than ``ImageLimits/maxPixels``; detected before pixel memory is allocated.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The file (or standard input) holds more bytes than any image within ``ImageLimits/maxPixels``
    /// can (``ImageLimits/maxFileBytes``); detected before more than that is read.
    case fileTooLarge(path: String, limit: Int)
    /// A valid file in a variant this module does not decode (for example a CMYK JPEG), or a frame
    /// format the PNG writer does not write.
    case unsupported(path: String, format: ImageFormat, what: String)
    /// Encoding or writing an image failed; `message` says why.
    case writeFailed(path: String, message: String)

    /// The file (or in-memory name) the error is about.
    public var path: String {
        switch self {
        case .fileNotFound(let path), .unreadable(let path, _), .emptyFile(let path), .unknownFormat(let path),
            .corrupt(let path, _, _), .truncated(let path, _, _), .tooLarge(let path, _, _, _),
            .fileTooLarge(let path, _), .unsupported(let path, _, _), .writeFailed(let path, _):
            return path
        }
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    /// What went wrong, without the path (for messages that name the file elsewhere): `empty file`.
    public var reason: String {
        switch self {
        case .fileNotFound:
            return "no such file"
        case .unreadable(_, let reason):
            return "cannot read: \(reason)"
        case .emptyFile:
            return "empty file"
        case .unknownFormat:
            return "not an image (no PNG, JPEG, WebP or PGM/PPM signature)"
        case .corrupt(_, let format, let message):
            return "corrupt \(format.name) data: \(message)"
        case .truncated(_, let format, let message):
            return "truncated \(format.name) file: \(message)"
        case .tooLarge(_, let width, let height, let limit):
            return "image of \(width)x\(height) pixels exceeds the limit of \(limit) pixels"
        case .fileTooLarge(_, let limit):
            return "more than \(limit) bytes, more than any image within the pixel limit can hold"
        case .unsupported(_, let format, let what):
            return "unsupported \(format.name) variant: \(what)"
        case .writeFailed(_, let message):
            return "cannot write PNG: \(message)"
        }
    }
}
