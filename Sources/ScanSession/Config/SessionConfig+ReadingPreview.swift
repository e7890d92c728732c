extension ConfigReader {
    static let authKeys = SessionReference.previewOutput.nestedKeys(of: "auth")

    /// The keys of a `type: preview` output.
    mutating func readPreview(_ f: Fields) -> PreviewOutputConfig {
        var c = PreviewOutputConfig()
        if let n = f["address"], let v = string(n, "'address'") {
            if v.isEmpty { report(n.mark, "'address' is empty (127.0.0.1 listens on this machine only)") }
            c.address = v
        }
        if let n = f["port"], let v = int(n, "'port'", in: 0...65_535) { c.port = v }
        if let n = f["fps"], let v = double(n, "'fps'") {
            if v >= 0.1 && v <= 60 { c.fps = v } else { report(n.mark, "'fps' must be from 0.1 to 60, not \(v)") }
        }
        if let n = f["quality"], let v = int(n, "'quality'", in: 1...100) { c.quality = v }
        if let n = f["history"], let v = int(n, "'history'", in: 0...10_000) { c.history = v }
        if let n = f["show_lost_ms"], let v = int(n, "'show_lost_ms'", in: 0...600_000) { c.showLostMs = v }
        if let n = f["auth"], let a = fields(n, what: "'auth'", known: Self.authKeys) {
            let user = required(a, "user").flatMap { string($0, "'user'") }
            if let user, user.isEmpty || user.contains(":") {
                report(a.mark, "'user' must be non-empty and without ':' (HTTP basic authentication)")
            }
            if let p = required(a, "password") {
                // A password written into the session file would end up in version control and backups.
                if case .scalar(let text, _) = p.content, !text.contains("${") {
                    report(
                        p.mark, "'password' must come from an environment variable, as \"${NAME}\", not be written here"
                    )
                } else if let password = string(p, "'password'") {
                    if password.isEmpty {
                        report(p.mark, "'password' is empty (its environment variable is set to '')")
                    }
                    c.password = password
                }
            }
            c.user = user
        }
        return c
    }
}
