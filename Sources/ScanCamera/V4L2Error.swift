import Foundation

/// A failed V4L2 call: what was attempted on which device, and the `errno` it ended with.
public struct V4L2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device node.
    public var path: String
    /// What failed ("open", "VIDIOC_S_FMT", "mmap" …).
    public var operation: String
    /// The error number (0 when the failure is not a system error).
    public var code: Int32
    /// Extra explanation, when the error number alone does not say it.
    public var detail: String?

    public init(path: String, operation: String, code: Int32, detail: String? = nil) {
        self.path = path
        self.operation = operation
        self.code = code
        self.detail = detail
    }

    /// The device is gone (unplugged): reopening later may work.
    public var isDeviceGone: Bool { code == ENODEV || code == ENXIO || code == ENOENT || code == EIO }
    /// The node is not a V4L2 device (`ENOTTY` on its ioctls): reopening cannot help.
    public var isNotV4L2: Bool { code == ENOTTY }
    /// The operating system refuses this user access to the node (not in the `video` group).
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }

    /// `/dev/video0: VIDIOC_S_FMT failed: Device or resource busy`, with the hint for a permission problem
    /// when opening failed (`EACCES` from an ioctl means something else, e.g. a read-only control).
    public var description: String {
        var text = "\(path): \(operation) failed"
        if code != 0 { text += ": \(String(cString: strerror(code)))" }
        if let detail { text += " (\(detail))" }
        if isPermissionDenied && operation == "open" { text += "; " + V4L2Error.permissionHint(path) }
        if isNotV4L2 { text += "; \(path) is not a V4L2 device" }
        return text
    }

    /// How to fix EACCES on a device node.
    public static func permissionHint(_ path: String) -> String {
        "this user may not open \(path): add it to the 'video' group (sudo usermod -aG video $USER, then log in again) or give the device to it with a udev rule (Docs/camera.md)"
    }
}
