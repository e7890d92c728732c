import Foundation

/// The remembered camera decisions: per session name and device, yes or no, in
/// `$XDG_STATE_HOME/scanctl/camera-authorizations.json` (default `~/.local/state/scanctl/`), a file of
/// mode 0600 in a directory of mode 0700.
///
/// ```json
/// {"dock-door-3": {"/dev/video0": "authorized"}}
/// ```
public struct CameraAuthorizationStore: Sendable {
    /// The state file.
    public let path: String

    public init(path: String) { self.path = path }

    /// The store in `$XDG_STATE_HOME/scanctl/` (or `$HOME/.local/state/scanctl/`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        self.init(path: base + "/scanctl/camera-authorizations.json")
    }

    /// A failure reading or writing the state file.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every remembered decision: session → device → authorized (true) or denied (false).
    public func load() throws(Failure) -> [String: [String: Bool]] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read \(path)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: String]] else {
            throw Failure(description: "\(path) is not a camera authorization file")
        }
        return object.mapValues { $0.compactMapValues { $0 == "authorized" ? true : $0 == "denied" ? false : nil } }
    }

    /// The remembered answer for `session` and `device`, or nil.
    public func answer(session: String, device: String) throws(Failure) -> Bool? {
        try load()[session]?[device]
    }

    /// Remembers `answer` (nil forgets it) and writes the file (mode 0600, atomically).
    public func set(session: String, device: String, _ answer: Bool?) throws(Failure) {
        var all = try load()
        all[session, default: [:]][device] = answer
        if all[session]?.isEmpty == true { all[session] = nil }
        try save(all)
    }

    /// Forgets every decision of `session`.
    public func forget(session: String) throws(Failure) {
        var all = try load()
        all[session] = nil
        try save(all)
    }

    private func save(_ all: [String: [String: Bool]]) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "cannot create \(directory): \(SystemErrorText.describe(error))")
        }
        let object = all.mapValues { $0.mapValues { $0 ? "authorized" : "denied" } }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        else { throw Failure(description: "cannot encode the camera authorizations") }
        let temporary = path + ".tmp\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        fchmod(fd, 0o600)
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == data.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
