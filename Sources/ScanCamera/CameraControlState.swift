/// A control as the device has it now: its description, its current value and, for menus, the items.
public struct CameraControlState: Sendable, Equatable {
    /// One item of a menu control.
    public struct MenuItem: Sendable, Equatable {
        /// The value that selects it.
        public var value: Int64
        /// The driver's name for it ("Manual Mode"), or the number of an integer menu.
        public var name: String
        public init(value: Int64, name: String) {
            self.value = value
            self.name = name
        }
    }

    public var control: CameraControl
    /// The current value; nil for buttons and for controls the driver would not read (write-only, or
    /// inactive).
    public var value: Int64?
    /// The items of a menu or integer-menu control, in order; empty for other kinds.
    public var menu: [MenuItem]

    public init(control: CameraControl, value: Int64?, menu: [MenuItem] = []) {
        self.control = control
        self.value = value
        self.menu = menu
    }
}
