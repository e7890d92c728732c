/// `type: preview`: a web page showing what the scanner sees, live: the frames with the codes' outlines
/// and the region of interest, the last events, the camera's focus, exposure and zoom controls; plus
/// `/stream` (MJPEG), `/events` (Server-Sent Events) and `/metrics` (Prometheus). See `Docs/preview.md`.
public struct PreviewOutputConfig: Sendable, Equatable {
    /// The event kinds a preview receives when its `events:` is not given: confirmed, lost, error
    /// (detected events come with every frame; the outlines already show them).
    public static let defaultEvents: Set<EventKind> = [.confirmed, .lost, .error]

    /// `address:` the IPv4 or IPv6 address to listen on (`0.0.0.0` or `::` for every interface).
    /// Default: 127.0.0.1 (this machine only).
    public var address = "127.0.0.1"
    /// `port:` the TCP port; 0 lets the system choose (the URL is printed at the start). Default: 8080.
    public var port = 8080
    /// `fps:` the most frames per second `/stream` sends (0.1…60); the encoder takes the latest decoded
    /// frame at that rate and skips the others. Default: 10.
    public var fps = 10.0
    /// `quality:` JPEG quality of the stream, 1…100. Default: 75.
    public var quality = 75
    /// `auth: { user, password }`: HTTP basic authentication for every page; the password must come from
    /// the environment (`${VAR}`) and is never logged. Default: none.
    public var user: String?
    public var password: String?
    /// `history:` events the page lists, also sent first to each new `/events` client. Default: 50.
    public var history = 50
    /// `show_lost_ms:` how long a lost code's outline stays drawn where it was last seen. Default: 1500.
    public var showLostMs = 1500

    public init() {}

    /// The basic-auth credentials, when `auth:` is given.
    public var credentials: (user: String, password: String)? {
        guard let user, let password else { return nil }
        return (user, password)
    }
}
