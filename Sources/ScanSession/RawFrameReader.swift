import Foundation

/// Reads fixed-size raw frames back to back from a file descriptor (a pipe, a file, standard input),
/// as `ffmpeg -f rawvideo` writes them.
///
/// Blocking reads wake every 100 ms to check the stop signal, so a session can stop while its writer is
/// silent.
struct RawFrameReader {
    /// What one call to ``next(stop:)`` found.
    enum Read: Equatable {
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

    let fileDescriptor: Int32
    /// Bytes of one frame (at least 1).
    let frameByteCount: Int

    /// Reads the next frame.
    func next(stop: StopSignal) -> Read {
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
