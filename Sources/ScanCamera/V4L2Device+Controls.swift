import CV4L2

extension V4L2Device {
    /// Every control of the device (`VIDIOC_QUERY_EXT_CTRL` with `V4L2_CTRL_FLAG_NEXT_CTRL`, or
    /// `VIDIOC_QUERYCTRL` where the extended query is missing), without control classes and disabled ones.
    public func controls() -> [CameraControl] {
        let extended = controls(CV4L2_VIDIOC_QUERY_EXT_CTRL, as: v4l2_query_ext_ctrl.self)
        return extended.isEmpty ? controls(CV4L2_VIDIOC_QUERYCTRL, as: v4l2_queryctrl.self) : extended
    }

    /// The controls one query `request` lists, control after control with `V4L2_CTRL_FLAG_NEXT_CTRL`
    /// (at most 1024), without control classes and disabled ones; empty when the driver lacks the query.
    private func controls<Query: V4L2ControlQuery>(_ request: UInt, as _: Query.Type) -> [CameraControl] {
        var out: [CameraControl] = []
        var id = CV4L2_CTRL_FLAG_NEXT_CTRL
        while out.count < 1024 {
            var q = Query()
            q.id = id
            guard ioctl(request, &q) == 0 else { break }
            id = q.id | CV4L2_CTRL_FLAG_NEXT_CTRL
            if q.type == V4L2_CTRL_TYPE_CTRL_CLASS.rawValue || q.flags & UInt32(V4L2_CTRL_FLAG_DISABLED) != 0 {
                continue
            }
            out.append(q.control)
        }
        return out
    }
}

/// What `VIDIOC_QUERY_EXT_CTRL` and the older `VIDIOC_QUERYCTRL` fill in about one control.
private protocol V4L2ControlQuery {
    init()
    /// The control asked about (with `V4L2_CTRL_FLAG_NEXT_CTRL`: the one before it), then the one found.
    var id: UInt32 { get set }
    /// `V4L2_CTRL_TYPE_…`.
    var type: UInt32 { get }
    /// `V4L2_CTRL_FLAG_…`.
    var flags: UInt32 { get }
    /// The control as scanctl describes it.
    var control: CameraControl { get }
}

extension v4l2_query_ext_ctrl: V4L2ControlQuery {
    var control: CameraControl {
        CameraControl(
            id: id, name: cText(name), kind: CameraControl.Kind(v4l2Type: type), minimum: minimum,
            maximum: maximum, step: Int64(clamping: step), defaultValue: default_value,
            isReadOnly: flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY) != 0)
    }
}

extension v4l2_queryctrl: V4L2ControlQuery {
    var control: CameraControl {
        CameraControl(
            id: id, name: cText(name), kind: CameraControl.Kind(v4l2Type: type), minimum: Int64(minimum),
            maximum: Int64(maximum), step: Int64(step), defaultValue: Int64(default_value),
            isReadOnly: flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY) != 0)
    }
}
