import CV4L2
import Foundation

/// Captured frames of an open device, through mmap streaming or, when the driver offers only that,
/// read() I/O. Created by ``CameraCapture``; stops streaming and unmaps its buffers when released.
///
/// A driver offering neither is refused (it never crashes the caller, which some Linux scanners did).
final class V4L2Stream {
    enum IO: Equatable { case mmap, read }

    private let device: V4L2Device
    let io: IO
    private var buffers: [(start: UnsafeMutableRawPointer, length: Int)] = []
    private var readBuffer: [UInt8] = []
    private var streaming = false

    /// Starts capture with `bufferCount` driver buffers (mmap) or a buffer of `sizeImage` bytes (read).
    init(device: V4L2Device, capabilities: DeviceCapabilities, bufferCount: Int, sizeImage: Int) throws(V4L2Error) {
        self.device = device
        if capabilities.canStream {
            io = .mmap
            try startMmap(bufferCount: bufferCount)
        } else if capabilities.canRead {
            io = .read
            readBuffer = [UInt8](repeating: 0, count: max(1, sizeImage))
        } else {
            throw V4L2Error(
                path: device.path, operation: "capture", code: 0,
                detail: "the driver offers neither streaming nor read() I/O")
        }
    }

    deinit { stop() }

    private func startMmap(bufferCount: Int) throws(V4L2Error) {
        var req = v4l2_requestbuffers()
        req.count = UInt32(bufferCount)
        req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        req.memory = V4L2_MEMORY_MMAP.rawValue
        guard device.ioctl(CV4L2_VIDIOC_REQBUFS, &req) == 0 else { throw device.error("VIDIOC_REQBUFS") }
        guard req.count > 0 else {
            throw V4L2Error(
                path: device.path, operation: "VIDIOC_REQBUFS", code: 0, detail: "the driver gave no buffers")
        }
        for index in 0..<req.count {
            var b = v4l2_buffer()
            b.index = index
            b.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            b.memory = V4L2_MEMORY_MMAP.rawValue
            guard device.ioctl(CV4L2_VIDIOC_QUERYBUF, &b) == 0 else { throw device.error("VIDIOC_QUERYBUF") }
            let start = cv4l2_mmap(Int(b.length), device.fd, Int64(b.m.offset))
            guard let start, cv4l2_map_failed(start) == 0 else { throw device.error("mmap") }
            buffers.append((start, Int(b.length)))
            guard device.ioctl(CV4L2_VIDIOC_QBUF, &b) == 0 else { throw device.error("VIDIOC_QBUF") }
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        guard device.ioctl(CV4L2_VIDIOC_STREAMON, &type) == 0 else { throw device.error("VIDIOC_STREAMON") }
        streaming = true
    }

    /// Buffers the driver gave (mmap), or 0 for read() I/O.
    var bufferCount: Int { buffers.count }

    /// Waits up to `timeoutMs` for a frame and calls `body` with its bytes (valid only during the call).
    /// Returns false when no frame came in time.
    func next(timeoutMs: Int, _ body: (UnsafeRawBufferPointer) -> Void) throws(V4L2Error) -> Bool {
        var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(timeoutMs))
        if ready < 0 {
            if errno == EINTR { return false }
            throw device.error("poll")
        }
        if ready == 0 { return false }
        // POLLERR without POLLIN: the stream failed (videobuf2 says so for a queue in its error state, after a
        // fatal driver error). An unplugged device is not reported here: its poll says readable and the
        // dequeue fails with ENODEV. The dequeue tells which error it is; without one it is EIO.
        let streamFailed = pfd.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && pfd.revents & Int16(POLLIN) == 0
        let failure = V4L2Error(
            path: device.path, operation: "poll", code: EIO, detail: "the driver reported an error on the stream")
        switch io {
        case .read:
            if streamFailed { throw failure }
            let n = readBuffer.withUnsafeMutableBytes { cv4l2_read(device.fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EAGAIN || errno == EINTR { return false }
                throw device.error("read")
            }
            readBuffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            return true
        case .mmap:
            var b = v4l2_buffer()
            b.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            b.memory = V4L2_MEMORY_MMAP.rawValue
            guard device.ioctl(CV4L2_VIDIOC_DQBUF, &b) == 0 else {
                if errno == EAGAIN {
                    if streamFailed { throw failure }
                    return false
                }
                throw device.error("VIDIOC_DQBUF")
            }
            let index = Int(b.index)
            if index < buffers.count, b.flags & UInt32(V4L2_BUF_FLAG_ERROR) == 0 {
                let used = min(
                    Int(b.bytesused == 0 ? UInt32(buffers[index].length) : b.bytesused), buffers[index].length)
                body(UnsafeRawBufferPointer(start: buffers[index].start, count: used))
            }
            guard device.ioctl(CV4L2_VIDIOC_QBUF, &b) == 0 else { throw device.error("VIDIOC_QBUF") }
            return b.flags & UInt32(V4L2_BUF_FLAG_ERROR) == 0
        }
    }

    /// Stops streaming and unmaps the buffers (also done on release).
    func stop() {
        if streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            _ = device.ioctl(CV4L2_VIDIOC_STREAMOFF, &type)
            streaming = false
        }
        for b in buffers { _ = cv4l2_munmap(b.start, b.length) }
        buffers = []
        if io == .mmap {
            var req = v4l2_requestbuffers()
            req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            req.memory = V4L2_MEMORY_MMAP.rawValue
            _ = device.ioctl(CV4L2_VIDIOC_REQBUFS, &req)
        }
    }
}
