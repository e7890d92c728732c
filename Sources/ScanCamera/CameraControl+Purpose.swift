import CV4L2

extension CameraControl {
    /// What aiming a camera at codes needs to adjust: focus, exposure, zoom.
    public enum Purpose: String, Sendable, CaseIterable, Comparable {
        case focus, exposure, zoom

        public static func < (a: Purpose, b: Purpose) -> Bool {
            allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
        }
    }

    /// The controls of each purpose by V4L2 control id (`linux/v4l2-controls.h`): focus (absolute,
    /// relative, automatic, the auto-focus range and its start/stop buttons), exposure (automatic mode,
    /// absolute time, priority, bias, and the user-class exposure, gain and automatic gain) and zoom
    /// (absolute, relative, continuous).
    public static let purposes: [UInt32: Purpose] = {
        var map: [UInt32: Purpose] = [:]
        for id in [
            V4L2_CID_FOCUS_ABSOLUTE, V4L2_CID_FOCUS_RELATIVE, V4L2_CID_FOCUS_AUTO, V4L2_CID_AUTO_FOCUS_RANGE,
            V4L2_CID_AUTO_FOCUS_START, V4L2_CID_AUTO_FOCUS_STOP,
        ] { map[UInt32(id)] = .focus }
        for id in [
            V4L2_CID_EXPOSURE_AUTO, V4L2_CID_EXPOSURE_ABSOLUTE, V4L2_CID_EXPOSURE_AUTO_PRIORITY,
            V4L2_CID_AUTO_EXPOSURE_BIAS, V4L2_CID_EXPOSURE, V4L2_CID_AUTOGAIN, V4L2_CID_GAIN,
        ] { map[UInt32(id)] = .exposure }
        for id in [V4L2_CID_ZOOM_ABSOLUTE, V4L2_CID_ZOOM_RELATIVE, V4L2_CID_ZOOM_CONTINUOUS] { map[UInt32(id)] = .zoom }
        return map
    }()

    /// This control's purpose, or nil for the others (brightness, white balance …).
    public var purpose: Purpose? { Self.purposes[id] }
}
