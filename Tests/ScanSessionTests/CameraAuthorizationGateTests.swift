import Foundation
import Testing

@testable import ScanSession

/// The camera authorization gate, transition by transition, without a camera, a terminal or a file.
@Suite struct CameraAuthorizationGateTests {
    typealias Gate = CameraAuthorizationGate

    func gate(_ policy: Authorization.Camera, terminal: Bool = true, granted: Bool = false) -> Gate {
        Gate(
            session: "dock", device: "/dev/video0", policy: policy, hasTerminal: terminal, grantedOnCommandLine: granted
        )
    }

    /// ``gate(_:terminal:granted:)`` begun, with an accessible device: looking up the remembered answer.
    func lookingUp(_ policy: Authorization.Camera, terminal: Bool = true, granted: Bool = false) -> Gate {
        var g = gate(policy, terminal: terminal, granted: granted)
        _ = g.begin()
        _ = g.deviceAccess(.accessible)
        return g
    }

    /// The message of a `.refuse` action; nil for any other action.
    func refusal(_ action: Gate.Action) -> String? {
        guard case .refuse(let message) = action else { return nil }
        return message
    }

    @Test func beginChecksTheDeviceOnce() {
        var g = gate(.ask)
        #expect(g.state == .initial)
        #expect(g.begin() == .checkDeviceAccess("/dev/video0"))
        #expect(g.state == .checkingDevice)
        #expect(g.begin() == .none)
        #expect(g.status == nil)
    }

    @Test func permissionDeniedIsRestrictedWhateverThePolicy() {
        for policy in Authorization.Camera.allCases {
            var g = gate(policy)
            _ = g.begin()
            guard case .refuse(let message) = g.deviceAccess(.permissionDenied) else {
                Issue.record("\(policy): not refused")
                continue
            }
            #expect(message.contains("'video' group"))
            #expect(g.status == .restricted)
        }
    }

    @Test func deniedPolicyRefusesWithoutAsking() {
        var g = gate(.denied)
        _ = g.begin()
        #expect(
            g.deviceAccess(.accessible)
                == .refuse("camera /dev/video0 is denied by the session (authorization: camera: denied)"))
        #expect(g.status == .denied)
        #expect(g.remembered(true) == .none)  // decided: later events are ignored
    }

    @Test func authorizedPolicyAllowsEvenAMissingDevice() {
        var g = gate(.authorized)
        _ = g.begin()
        #expect(g.deviceAccess(.missing) == .allow)
        #expect(g.status == .authorized)
    }

    @Test func askLooksUpTheRememberedAnswerFirst() throws {
        var yes = gate(.ask)
        _ = yes.begin()
        #expect(yes.deviceAccess(.accessible) == .lookUpRemembered)
        #expect(yes.state == .lookingUp)
        #expect(yes.remembered(true) == .allow)
        #expect(yes.status == .authorized)

        var no = lookingUp(.ask, granted: true)
        let message = try #require(
            refusal(no.remembered(false)), "a remembered no must refuse, even with --authorize camera")
        #expect(message.contains("scanctl auth grant dock"))
        #expect(no.status == .denied)
    }

    @Test func askPromptsOnATerminalAndRemembersYes() {
        var g = lookingUp(.ask)
        #expect(g.remembered(nil) == .prompt("Allow session dock to use camera /dev/video0? [y/N]"))
        #expect(g.state == .asking)
        #expect(g.answered(true) == .remember(true))
        #expect(g.state == .remembering(true))
        #expect(g.stored() == .allow)
        #expect(g.status == .authorized)
    }

    @Test func askPromptsAndRemembersNo() {
        var g = lookingUp(.ask)
        _ = g.remembered(nil)
        #expect(g.answered(false) == .remember(false))
        #expect(g.stored() == .refuse("camera /dev/video0 was denied for session dock at the prompt"))
        #expect(g.status == .denied)
    }

    @Test func askWithoutATerminalIsRefusedAsNotDetermined() throws {
        var g = lookingUp(.ask, terminal: false)
        let message = try #require(refusal(g.remembered(nil)), "no terminal must refuse")
        #expect(message.contains("--authorize camera"))
        #expect(g.status == .notDetermined)
    }

    @Test func askWithoutATerminalButGrantedOnTheCommandLineAllows() {
        var g = lookingUp(.ask, terminal: false, granted: true)
        #expect(g.remembered(nil) == .allow)
        #expect(g.status == .authorized)
    }

    @Test func eventsOutOfPlaceAreIgnored() {
        var g = gate(.ask)
        #expect(g.deviceAccess(.accessible) == .none)
        #expect(g.remembered(true) == .none)
        #expect(g.answered(true) == .none)
        #expect(g.stored() == .none)
        #expect(g.state == .initial)
    }
}

/// The state file and the gate run with real effects (a temporary file, a scripted prompt).
@Suite struct CameraAuthorizerTests {
    func temporaryStore() -> CameraAuthorizationStore {
        let dir = NSTemporaryDirectory() + "scanctl-auth-\(UUID().uuidString)"
        return CameraAuthorizationStore(path: dir + "/scanctl/camera-authorizations.json")
    }

    @Test func storeDefaultsToXDGStateHome() {
        #expect(
            CameraAuthorizationStore(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path
                == "/s/scanctl/camera-authorizations.json")
        #expect(
            CameraAuthorizationStore(environment: ["HOME": "/h"]).path
                == "/h/.local/state/scanctl/camera-authorizations.json")
    }

    @Test func storeRemembersForgetsAndIsPrivate() throws {
        let store = temporaryStore()
        #expect(try store.answer(session: "dock", device: "/dev/video0") == nil)
        try store.set(session: "dock", device: "/dev/video0", true)
        try store.set(session: "dock", device: "/dev/video1", false)
        try store.set(session: "gate", device: "/dev/video0", false)
        #expect(try store.answer(session: "dock", device: "/dev/video0") == true)
        #expect(try store.answer(session: "dock", device: "/dev/video1") == false)
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try store.set(session: "dock", device: "/dev/video1", nil)
        #expect(try store.answer(session: "dock", device: "/dev/video1") == nil)
        try store.forget(session: "dock")
        #expect(try store.load() == ["gate": ["/dev/video0": false]])
    }

    @Test func askIsPromptedOnceThenRemembered() {
        let store = temporaryStore()
        let asked = Counter()
        var authorizer = CameraAuthorizer(store: store, hasTerminal: true, grantedOnCommandLine: false) { _ in
            asked.increment()
            return true
        }
        authorizer.access = { _ in .accessible }
        let first = authorizer.authorize(session: "dock", device: "/dev/video7", policy: .ask)
        let second = authorizer.authorize(session: "dock", device: "/dev/video7", policy: .ask)
        #expect(first == CameraAuthorizer.Decision(status: .authorized, allowed: true, reason: ""))
        #expect(second.allowed)
        #expect(asked.value == 1)
        // Another session is asked again.
        _ = authorizer.authorize(session: "other", device: "/dev/video7", policy: .ask)
        #expect(asked.value == 2)
    }

    @Test func restrictedComesFromTheOperatingSystem() {
        var authorizer = CameraAuthorizer(store: temporaryStore(), hasTerminal: true, grantedOnCommandLine: true) {
            _ in true
        }
        authorizer.access = { _ in .permissionDenied }
        let d = authorizer.authorize(session: "dock", device: "/dev/video0", policy: .authorized)
        #expect(d.status == .restricted && !d.allowed)
    }

    @Test func systemAccessOfAMissingNode() {
        #expect(CameraAuthorizer.systemAccess("/nonexistent/video0") == .missing)
    }
}

/// A thread-safe counter for closures that must be `Sendable`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
