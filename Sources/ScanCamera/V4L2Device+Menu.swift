import CV4L2

extension V4L2Device {
    /// The items of a menu or integer-menu control (`VIDIOC_QUERYMENU` for each index from its minimum
    /// to its maximum; indices the driver skips are left out). Empty for other kinds.
    public func menuItems(_ control: CameraControl) -> [CameraControlState.MenuItem] {
        guard control.kind == .menu || control.kind == .integerMenu, control.minimum >= 0,
            control.maximum - control.minimum < 256
        else { return [] }
        var items: [CameraControlState.MenuItem] = []
        var name = [CChar](repeating: 0, count: 64)
        for index in control.minimum...control.maximum {
            var value: Int64 = 0
            guard cv4l2_query_menu(fd, control.id, UInt32(index), &name, name.count, &value) == 0 else { continue }
            let label = control.kind == .integerMenu ? String(value) : String(cString: name)
            items.append(CameraControlState.MenuItem(value: index, name: label))
        }
        return items
    }
}
