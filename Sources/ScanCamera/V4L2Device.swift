import CV4L2
import Foundation

/// What `VIDIOC_QUERYCAP` says about a device.
public struct DeviceCapabilities: Sendable, Equatable {
    /// The driver's name (`uvcvideo`, `vivid`).
    public var driver: String
    /// The device's name (`HD Pro Webcam C920`).
    public var card: String
    /// Where it is attached (`usb-0000:00:14.0-1`).
    public var busInfo: String
    /// The capability bits of this node (`device_caps` when the driver sets it).
    public var flags: UInt32

    /// A single-planar video capture node.
    public var canCapture: Bool { flags & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 }
    /// mmap streaming I/O.
    public var canStream: Bool { flags & UInt32(V4L2_CAP_STREAMING) != 0 }
    /// read() I/O.
    public var canRead: Bool { flags & UInt32(V4L2_CAP_READWRITE) != 0 }
}

/// The format a driver accepted with `VIDIOC_S_FMT`.
public struct AppliedFormat: Sendable, Equatable {
    public var fourcc: FourCC
    public var size: FrameSize
    /// Row pitch of the first plane in bytes.
    public var bytesPerLine: Int
    /// Bytes of one whole frame.
    public var sizeImage: Int
}

/// An open V4L2 device node, accessed through libv4l2. Not thread-safe: one thread uses it.
///
/// ```swift
/// let device = try V4L2Device(path: "/dev/video0")
/// let caps = try device.capabilities()
/// let formats = device.formats()
/// ```
///
/// The descriptor is closed when the value is released.
public final class V4L2Device {
    /// The device node.
    public let path: String
    /// The open descriptor.
    let fd: Int32

    /// Opens `path` for reading and writing, non-blocking (frames are waited for with `poll`).
    /// - Throws: ``V4L2Error`` with the open's errno (`EACCES`: see ``V4L2Error/isPermissionDenied``).
    public init(path: String) throws(V4L2Error) {
        self.path = path
        _ = Self.quietLibraryLog
        let fd = cv4l2_open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw V4L2Error(path: path, operation: "open", code: errno) }
        self.fd = fd
    }

    deinit { _ = cv4l2_close(fd) }

    /// libv4l2's own messages go to /dev/null, once per process: every failure is reported by scanctl, with
    /// the device and the errno (``V4L2Error``).
    private static let quietLibraryLog: Void = cv4l2_quiet_log()

    /// An ioctl, repeated when interrupted by a signal; -1 with `errno` set on failure.
    func ioctl<T>(_ request: UInt, _ argument: inout T) -> Int32 {
        var result: Int32
        repeat {
            result = withUnsafeMutablePointer(to: &argument) { cv4l2_ioctl(fd, request, $0) }
        } while result == -1 && errno == EINTR
        return result
    }

    func error(_ operation: String, _ detail: String? = nil) -> V4L2Error {
        V4L2Error(path: path, operation: operation, code: errno, detail: detail)
    }

    /// `VIDIOC_QUERYCAP`.
    public func capabilities() throws(V4L2Error) -> DeviceCapabilities {
        var cap = v4l2_capability()
        guard ioctl(CV4L2_VIDIOC_QUERYCAP, &cap) == 0 else { throw error("VIDIOC_QUERYCAP") }
        let flags = cap.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? cap.device_caps : cap.capabilities
        return DeviceCapabilities(
            driver: cText(cap.driver), card: cText(cap.card), busInfo: cText(cap.bus_info), flags: flags)
    }

    /// The capture formats with their sizes (`VIDIOC_ENUM_FMT`, `VIDIOC_ENUM_FRAMESIZES`). A format whose
    /// sizes the driver does not enumerate gets the size it currently reports (`VIDIOC_G_FMT`), if any.
    public func formats() -> [FormatCapability] {
        var out: [FormatCapability] = []
        for index in 0..<UInt32(256) {
            var desc = v4l2_fmtdesc()
            desc.index = index
            desc.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            guard ioctl(CV4L2_VIDIOC_ENUM_FMT, &desc) == 0 else { break }
            let fourcc = FourCC(rawValue: desc.pixelformat)
            out.append(
                FormatCapability(
                    fourcc: fourcc, description: cText(desc.description),
                    emulated: desc.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0, sizes: frameSizes(fourcc)))
        }
        return out
    }

    func frameSizes(_ fourcc: FourCC) -> FrameSizes {
        var sizes: [FrameSize] = []
        for index in 0..<UInt32(1024) {
            var e = v4l2_frmsizeenum()
            e.index = index
            e.pixel_format = fourcc.rawValue
            guard ioctl(CV4L2_VIDIOC_ENUM_FRAMESIZES, &e) == 0 else { break }
            if e.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                sizes.append(FrameSize(width: Int(e.discrete.width), height: Int(e.discrete.height)))
            } else {
                let s = e.stepwise
                return .stepwise(
                    min: FrameSize(width: Int(s.min_width), height: Int(s.min_height)),
                    max: FrameSize(width: Int(s.max_width), height: Int(s.max_height)),
                    step: FrameSize(width: Int(max(1, s.step_width)), height: Int(max(1, s.step_height))))
            }
        }
        if sizes.isEmpty, let current = try? currentFormat(), current.fourcc == fourcc {
            sizes.append(current.size)
        }
        return .discrete(sizes)
    }

    /// The frame rates offered for `fourcc` at `size` (`VIDIOC_ENUM_FRAMEINTERVALS`).
    public func frameRates(_ fourcc: FourCC, _ size: FrameSize) -> FrameRates {
        var rates: [Double] = []
        for index in 0..<UInt32(256) {
            var e = v4l2_frmivalenum()
            e.index = index
            e.pixel_format = fourcc.rawValue
            e.width = UInt32(size.width)
            e.height = UInt32(size.height)
            guard ioctl(CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, &e) == 0 else { break }
            if e.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                if let fps = fps(e.discrete) { rates.append(fps) }
            } else {
                // The slowest rate is the longest interval (max), the fastest the shortest (min).
                guard let lo = fps(e.stepwise.max), let hi = fps(e.stepwise.min) else { return .unknown }
                return .range(min: lo, max: hi)
            }
        }
        return rates.isEmpty ? .unknown : .discrete(rates)
    }

    private func fps(_ interval: v4l2_fract) -> Double? {
        interval.numerator == 0 || interval.denominator == 0
            ? nil : Double(interval.denominator) / Double(interval.numerator)
    }

    /// `VIDIOC_G_FMT` for single-planar capture.
    public func currentFormat() throws(V4L2Error) -> AppliedFormat {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard ioctl(CV4L2_VIDIOC_G_FMT, &f) == 0 else { throw error("VIDIOC_G_FMT") }
        return applied(f.fmt.pix)
    }

    /// `VIDIOC_S_FMT`: asks for `fourcc` at `size` (progressive) and returns what the driver set, which
    /// may differ.
    public func setFormat(_ fourcc: FourCC, _ size: FrameSize) throws(V4L2Error) -> AppliedFormat {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        f.fmt.pix.width = UInt32(size.width)
        f.fmt.pix.height = UInt32(size.height)
        f.fmt.pix.pixelformat = fourcc.rawValue
        f.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        guard ioctl(CV4L2_VIDIOC_S_FMT, &f) == 0 else { throw error("VIDIOC_S_FMT") }
        return applied(f.fmt.pix)
    }

    private func applied(_ p: v4l2_pix_format) -> AppliedFormat {
        AppliedFormat(
            fourcc: FourCC(rawValue: p.pixelformat), size: FrameSize(width: Int(p.width), height: Int(p.height)),
            bytesPerLine: Int(p.bytesperline), sizeImage: Int(p.sizeimage))
    }

    /// `VIDIOC_S_PARM`: asks for `fps` frames per second; returns the rate the driver set, or nil when it
    /// does not support setting it.
    public func setFrameRate(_ fps: Double) -> Double? {
        var parm = v4l2_streamparm()
        parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        // Express the interval as a fraction with a thousandths precision (29.97 fps = 1000/29970).
        parm.parm.capture.timeperframe = v4l2_fract(numerator: 1000, denominator: UInt32((fps * 1000).rounded()))
        guard ioctl(CV4L2_VIDIOC_S_PARM, &parm) == 0 else { return nil }
        return self.fps(parm.parm.capture.timeperframe)
    }

    /// `VIDIOC_G_PARM`: the frame rate the driver delivers now, or nil when it does not say.
    public func frameRate() -> Double? {
        var parm = v4l2_streamparm()
        parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard ioctl(CV4L2_VIDIOC_G_PARM, &parm) == 0 else { return nil }
        return fps(parm.parm.capture.timeperframe)
    }

    /// `VIDIOC_S_CTRL`.
    public func setControl(id: UInt32, value: Int32) throws(V4L2Error) {
        var c = v4l2_control(id: id, value: value)
        guard ioctl(CV4L2_VIDIOC_S_CTRL, &c) == 0 else { throw error("VIDIOC_S_CTRL") }
    }

    /// `VIDIOC_G_CTRL`.
    public func control(id: UInt32) throws(V4L2Error) -> Int32 {
        var c = v4l2_control(id: id, value: 0)
        guard ioctl(CV4L2_VIDIOC_G_CTRL, &c) == 0 else { throw error("VIDIOC_G_CTRL") }
        return c.value
    }

    /// `VIDIOC_S_INPUT`: selects the video input `index` of a device with several (a capture card).
    public func selectInput(_ index: Int) throws(V4L2Error) {
        var i = Int32(index)
        guard ioctl(CV4L2_VIDIOC_S_INPUT, &i) == 0 else { throw error("VIDIOC_S_INPUT") }
    }

    /// `VIDIOC_G_INPUT`.
    public func currentInput() throws(V4L2Error) -> Int {
        var i: Int32 = 0
        guard ioctl(CV4L2_VIDIOC_G_INPUT, &i) == 0 else { throw error("VIDIOC_G_INPUT") }
        return Int(i)
    }
}

/// The text of a fixed-size C character array in a V4L2 struct.
func cText<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
}
