import CV4L2

/// One control of a device (`VIDIOC_QUERY_EXT_CTRL`).
public struct CameraControl: Sendable, Equatable {
    /// The kinds of control scanctl can set from a number.
    public enum Kind: Sendable, Equatable {
        case integer, boolean, menu, integerMenu, button
        /// Any other type (strings, arrays, compound controls): listed but not settable from a session.
        case other(UInt32)

        init(v4l2Type: UInt32) {
            switch v4l2Type {
            case V4L2_CTRL_TYPE_INTEGER.rawValue: self = .integer
            case V4L2_CTRL_TYPE_BOOLEAN.rawValue: self = .boolean
            case V4L2_CTRL_TYPE_MENU.rawValue: self = .menu
            case V4L2_CTRL_TYPE_INTEGER_MENU.rawValue: self = .integerMenu
            case V4L2_CTRL_TYPE_BUTTON.rawValue: self = .button
            default: self = .other(v4l2Type)
            }
        }
    }

    /// The V4L2 control id.
    public var id: UInt32
    /// The driver's name ("Focus, Automatic Continuous").
    public var name: String
    public var kind: Kind
    public var minimum: Int64
    public var maximum: Int64
    public var step: Int64
    public var defaultValue: Int64
    /// The driver only reports this control (`V4L2_CTRL_FLAG_READ_ONLY`): setting it fails with `EACCES`.
    public var isReadOnly: Bool

    public init(
        id: UInt32, name: String, kind: Kind, minimum: Int64, maximum: Int64, step: Int64 = 1, defaultValue: Int64 = 0,
        isReadOnly: Bool = false
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.isReadOnly = isReadOnly
    }

    /// Whether a session can set this control from a number: not read-only, and an integer, boolean, menu
    /// or button control.
    public var isSettable: Bool {
        if case .other = kind { return false }
        return !isReadOnly
    }

    /// The name as a session writes it, as `v4l2-ctl` prints it: lower case, every run of other characters
    /// one `_` ("Focus, Automatic Continuous" → `focus_automatic_continuous`).
    public var key: String { Self.key(name) }

    /// ``key`` of any control name.
    public static func key(_ name: String) -> String {
        var out = ""
        for c in name.lowercased().unicodeScalars {
            if (c >= "a" && c <= "z") || (c >= "0" && c <= "9") {
                out.unicodeScalars.append(c)
            } else if !out.isEmpty && !out.hasSuffix("_") {
                out += "_"
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out
    }

    /// The names older kernels gave common camera controls, still used in guides and scripts, with the
    /// control ids they stand for: `focus_auto`, `exposure_auto`, `white_balance_temperature_auto`,
    /// `exposure_absolute`, `focus_absolute`, and the close-up helpers `auto_focus_range` (2 = macro) and
    /// `focus_near`-style absolute focus.
    public static let legacyNames: [String: UInt32] = [
        "focus_auto": UInt32(V4L2_CID_FOCUS_AUTO),
        "exposure_auto": UInt32(V4L2_CID_EXPOSURE_AUTO),
        "white_balance_temperature_auto": UInt32(V4L2_CID_AUTO_WHITE_BALANCE),
        "exposure_absolute": UInt32(V4L2_CID_EXPOSURE_ABSOLUTE),
        "focus_absolute": UInt32(V4L2_CID_FOCUS_ABSOLUTE),
        "auto_focus_range": UInt32(V4L2_CID_AUTO_FOCUS_RANGE),
    ]

    /// The control a session's `controls:` key names: by ``key``, else by a legacy name.
    public static func resolve(_ name: String, among controls: [CameraControl]) -> CameraControl? {
        let wanted = key(name)
        if let match = controls.first(where: { $0.key == wanted }) { return match }
        if let id = legacyNames[wanted] { return controls.first { $0.id == id } }
        return nil
    }

    /// Why `value` cannot be set on this control, or nil when it can.
    public func problem(with value: Int64) -> String? {
        switch kind {
        case .other(let type): return "control '\(key)' (type \(type)) cannot be set from a number"
        default: break
        }
        if isReadOnly { return "control '\(key)' is read-only" }
        guard value >= minimum && value <= maximum else {
            return "control '\(key)' takes \(minimum)…\(maximum), not \(value)"
        }
        return nil
    }
}
