import Foundation
import Testing

@testable import ScanCamera

/// Controls and error texts as vivid showed them: read-only controls, and EACCES that is not about the node.
@Suite struct CameraControlTests {
    static let brightness = CameraControl(
        id: 0x0098_0900, name: "Brightness", kind: .integer, minimum: 0, maximum: 255, defaultValue: 128)
    static let readOnly = CameraControl(
        id: 0x0098_f90c, name: "Read-Only Integer 32 Bits", kind: .integer, minimum: 0, maximum: 255,
        isReadOnly: true)
    static let text = CameraControl(id: 0x0098_f905, name: "String", kind: .other(7), minimum: 2, maximum: 4)

    @Test func readOnlyControlsAreRefusedBeforeTheDriverIsAsked() {
        #expect(Self.readOnly.key == "read_only_integer_32_bits")
        #expect(Self.readOnly.problem(with: 5) == "control 'read_only_integer_32_bits' is read-only")
        #expect(Self.brightness.problem(with: 100) == nil)
        #expect(Self.brightness.problem(with: 300) == "control 'brightness' takes 0…255, not 300")
    }

    @Test func onlyControlsASessionCanSetAreSettable() {
        #expect(Self.brightness.isSettable)
        #expect(!Self.readOnly.isSettable)
        #expect(!Self.text.isSettable)
        let button = CameraControl(id: 1, name: "Disconnect", kind: .button, minimum: 0, maximum: 0)
        #expect(button.isSettable)
    }

    @Test func thePermissionHintIsOnlyForOpening() {
        let open = V4L2Error(path: "/dev/video0", operation: "open", code: EACCES)
        #expect(open.description.hasSuffix("; " + V4L2Error.permissionHint("/dev/video0")))
        #expect(open.isPermissionDenied)
        let control = V4L2Error(path: "/dev/video0", operation: "VIDIOC_S_CTRL", code: EACCES)
        #expect(control.description == "/dev/video0: VIDIOC_S_CTRL failed: Permission denied")
    }
}
