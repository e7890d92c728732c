extension CameraCapture {
    /// The device's settable controls with their current values (and menu items), those with a
    /// ``CameraControl/purpose`` only when `purposes` is given.
    public func controlStates(purposes: Set<CameraControl.Purpose>? = nil) -> [CameraControlState] {
        device.controls().filter { control in
            guard control.isSettable else { return false }
            guard let purposes else { return true }
            return control.purpose.map(purposes.contains) ?? false
        }.map { control in
            let value = control.kind == .button ? nil : (try? device.control(id: control.id)).map(Int64.init)
            return CameraControlState(control: control, value: value, menu: device.menuItems(control))
        }
    }

    /// Sets `control` to `value` (a button is pressed) and returns the value the driver reports back (it
    /// may round to the control's step); nil for a button.
    /// - Throws: a ``CameraCapture/Failure`` with the control's problem (``CameraControl/problem(with:)``)
    ///   or the driver's error.
    public func set(_ control: CameraControl, to value: Int64) throws(Failure) -> Int64? {
        if let problem = control.problem(with: value) { throw .unusable(problem) }
        do {
            try device.setControl(id: control.id, value: Int32(clamping: value))
            guard control.kind != .button else { return nil }
            return Int64(try device.control(id: control.id))
        } catch {
            throw .system(error)
        }
    }
}
