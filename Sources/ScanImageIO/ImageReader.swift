import ScanCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads PNG, JPEG, WebP and PGM/PPM images into ``ScanCore/Frame``s.
///
/// ```swift
/// let frame = try ImageReader.read(contentsOf: "inbox/label.png")
/// let plane = frame.luminance()       // Rec. 601 luma, 8-bit
/// ```
///
/// - The format is chosen by the file's first bytes (``ImageFormat/detect(_:)``), never by its extension.
/// - Grey sources give a `gray8` frame, colour sources an `rgb24` frame, tightly packed (`stride == width ×
///   bytes per pixel`), origin top left, x right, y down. `source` is the path (or the given name).
/// - Transparency (PNG alpha, tRNS, WebP alpha) is composited on white. 16-bit and sub-8-bit samples are scaled to 8 bits.
/// - JPEG EXIF orientation is applied, so the frame is upright (its width and height may swap).
/// - Every failure is an ``ImageError`` naming the file; decoding never traps on bad input.
///
/// Safe to call from several threads at once (no shared state).
public enum ImageReader {
    /// Reads and decodes the image file at `path`.
    ///
    /// - Parameters:
    ///   - path: a file system path; only regular files are read (a FIFO or device is refused, so it never blocks).
    ///   - limits: resource limits; the pixel count is checked from the header before decoding.
    ///   - luminanceOnly, warning: see ``read(data:name:limits:luminanceOnly:warning:)``.
    /// - Returns: a `gray8` or `rgb24` frame whose `source` is `path`.
    /// - Throws: ``ImageError/fileNotFound(path:)``, ``ImageError/unreadable(path:reason:)``,
    ///   ``ImageError/emptyFile(path:)``, ``ImageError/fileTooLarge(path:limit:)`` (from the file's size,
    ///   before it is read), ``ImageError/unknownFormat(path:)`` (after its first 64 KiB block) and every
    ///   error of ``read(data:name:limits:luminanceOnly:warning:)``.
    public static func read(
        contentsOf path: String, limits: ImageLimits = .default, luminanceOnly: Bool = false,
        warning: ((String) -> Void)? = nil
    ) throws(ImageError) -> Frame {
        let bytes = try readFile(path, limits: limits)
        return try read(data: bytes, name: path, limits: limits, luminanceOnly: luminanceOnly, warning: warning)
    }

    /// The whole of standard input as an image file's bytes, named `stdin` in errors: refused as soon as
    /// its first bytes carry no image signature, or it holds more than ``ImageLimits/maxFileBytes``.
    public static func readStandardInput(limits: ImageLimits = .default) throws(ImageError) -> [UInt8] {
        try readAll(STDIN_FILENO, name: "stdin", limits: limits)
    }

    /// Decodes an image held in memory.
    ///
    /// - Parameters:
    ///   - data: the whole encoded file.
    ///   - name: what errors and `Frame.source` call this image (a path, `stdin`, a URL …).
    ///   - limits: resource limits; the pixel count is checked from the header before decoding.
    ///   - luminanceOnly: true when the frame is only read for symbols (no colour is shown or written):
    ///     a YCbCr JPEG then decodes to its luma plane (Y, ITU-T T.871 clause 7) as a `gray8` frame,
    ///     without its chroma's inverse DCT, upsampling and colour conversion (about half of the decode
    ///     time of a 12 MP photo), and an RGB JPEG to libjpeg's luma of its samples. Y is the luma
    ///     ``ScanCore/Frame/luminance()`` computes from the RGB decode up to the rounding of the round
    ///     trip (±1 grey level) wherever the RGB decode does not clip: at saturated colours it does (most
    ///     at sharp edges with subsampled chroma; a review measured up to 48 grey levels there), and Y
    ///     keeps the encoded luma. CMYK and YCCK JPEGs and other formats are decoded as without it.
    ///   - warning: told, without the name, what the decoder read past: damage a JPEG decoder recovers
    ///     from in a complete stream (libjpeg's warning: `Corrupt JPEG data: 12 extraneous bytes …`),
    ///     decoded as far as it goes.
    /// - Returns: a `gray8` or `rgb24` frame whose `source` is `name`.
    /// - Throws: ``ImageError/emptyFile(path:)``, ``ImageError/unknownFormat(path:)``,
    ///   ``ImageError/corrupt(path:format:message:)``, ``ImageError/truncated(path:format:message:)``,
    ///   ``ImageError/tooLarge(path:width:height:limit:)``, ``ImageError/unsupported(path:format:what:)``.
    public static func read(
        data: [UInt8], name: String, limits: ImageLimits = .default, luminanceOnly: Bool = false,
        warning: ((String) -> Void)? = nil
    ) throws(ImageError) -> Frame {
        guard !data.isEmpty else { throw ImageError.emptyFile(path: name) }
        guard let format = ImageFormat.detect(data) else { throw ImageError.unknownFormat(path: name) }
        let decoded: DecodedImage
        switch format {
        case .png: decoded = try PNGDecoder.decode(data, name: name, limits: limits)
        case .jpeg:
            decoded = try JPEGDecoder.decode(
                data, name: name, limits: limits, lumaOnly: luminanceOnly, warning: warning)
        case .pnm: decoded = try PNMDecoder.decode(data, name: name, limits: limits)
        case .webp: decoded = try WebPDecoder.decode(data, name: name, limits: limits)
        }
        return try decoded.frame(source: name, format: format)
    }

    /// The whole content of a regular file, with typed errors; a file larger than
    /// ``ImageLimits/maxFileBytes`` is refused from its size, and one whose first bytes carry no image
    /// signature after its first block.
    static func readFile(_ path: String, limits: ImageLimits = .default) throws(ImageError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw ImageError.fileNotFound(path: path) }
            throw ImageError.unreadable(path: path, reason: systemMessage(code))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file"
            throw ImageError.unreadable(path: path, reason: kind)
        }
        guard Int(info.st_size) <= limits.maxFileBytes else {
            throw ImageError.fileTooLarge(path: path, limit: limits.maxFileBytes)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImageError.unreadable(path: path, reason: systemMessage(errno)) }
        defer { close(fd) }
        return try readAll(fd, name: path, limits: limits, expected: Int(info.st_size))
    }

    /// Everything `fd` gives until its end, in 64 KiB blocks: refused once the first block (or all there
    /// is, when shorter) carries no image signature, and once it passes ``ImageLimits/maxFileBytes``.
    static func readAll(_ fd: Int32, name: String, limits: ImageLimits, expected: Int = 0) throws(ImageError)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(expected, limits.maxFileBytes))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var signatureChecked = false
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in Glibc.read(fd, buffer.baseAddress, buffer.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ImageError.unreadable(path: name, reason: systemMessage(code))
            }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limits.maxFileBytes {
                throw ImageError.fileTooLarge(path: name, limit: limits.maxFileBytes)
            }
            // The longest signature is WebP's 12 bytes.
            if !signatureChecked && bytes.count >= 12 {
                signatureChecked = true
                if ImageFormat.detect(bytes) == nil { throw ImageError.unknownFormat(path: name) }
            }
        }
        guard !bytes.isEmpty else { throw ImageError.emptyFile(path: name) }
        return bytes
    }

    private static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
