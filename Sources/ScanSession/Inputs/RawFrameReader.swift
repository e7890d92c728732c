import Foundation

/// Reads fixed-size raw frames back to back from a file descriptor (a pipe, a file, standard input),
/// as `ffmpeg -f rawvideo` writes them.
///
/// Blocking reads wake every 100 ms to check the stop signal, so a session can stop while its writer is
/// silent. Public for the fuzz targets (`Fuzz/`, Docs/fuzzing.md); sessions use it through ``StdinInput``.
///
/// ```swift
/// let reader = RawFrameReader(fileDescriptor: STDIN_FILENO, frameByteCount: 640 * 480)
/// while case .frame(let bytes) = reader.next(stop: stop) { … }
/// ```
public struct RawFrameReader: Sendable {
    /// What one call to ``next(stop:)`` found.
    public enum Read: Sendable, Equatable {
        /// A whole frame's bytes.
        case frame([UInt8])
        /// The input ended exactly after the previous frame.
        case end
        /// The input ended after `count` bytes of a frame (fewer than a frame holds).
        case short(count: Int)
        /// Reading failed; the text says why.
        case failed(String)
        /// The stop signal was set while waiting.
        case stopped
    }

    /// Where frames are read from (not closed by the reader).
    public let fileDescriptor: Int32
    /// Bytes of one frame (at least 1).
    public let frameByteCount: Int

    /// Reads from `fileDescriptor` in frames of `frameByteCount` bytes (a count below 1 is taken as 1).
    public init(fileDescriptor: Int32, frameByteCount: Int) {
        self.fileDescriptor = fileDescriptor
        self.frameByteCount = max(1, frameByteCount)
    }

    /// Reads the next frame: blocks until a whole frame arrived, the input ended, reading failed or
    /// `stop` was set.
    public func next(stop: StopSignal) -> Read {
        var buffer = [UInt8](repeating: 0, count: frameByteCount)
        var filled = 0
        while filled < frameByteCount {
            if stop.isSet { return .stopped }
            var pollfd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollfd, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if ready == 0 { continue }
            let n = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(fileDescriptor, base + filled, frameByteCount - filled)
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if n == 0 { return filled == 0 ? .end : .short(count: filled) }
            filled += n
        }
        return .frame(buffer)
    }
}
