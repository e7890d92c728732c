import ScanCamera
import ScanCore

/// A session file as loaded: what to read, what to decode, where results go (ARCHITECTURE §4).
///
/// Built by ``SessionLoader`` from YAML; every value that a validator may complain about keeps the
/// ``YAMLMark`` where it was written. The full YAML reference is `Docs/sessions.md`.
public struct SessionConfig: Sendable {
    /// The session's name (`session:`), carried by every event. Default: the file name without extension.
    public var name: String
    /// Extra plugin shared libraries (`plugins:`). Default: none.
    public var plugins: [Located<String>] = []
    /// What the session may do without asking (`authorization:`).
    public var authorization = Authorization()
    /// `inputs:` in file order (required, at least one).
    public var inputs: [InputConfig] = []
    /// `outputs:` in file order (required, at least one).
    public var outputs: [OutputConfig] = []
    /// `connections:` in file order (required, at least one).
    public var connections: [ConnectionConfig] = []

    public init(name: String) { self.name = name }

    /// The input named `id`, if any.
    public func input(_ id: String) -> InputConfig? { inputs.first { $0.id.value == id } }
    /// The output named `id`, if any.
    public func output(_ id: String) -> OutputConfig? { outputs.first { $0.id.value == id } }
}

/// A value with the position in the session file where it was written.
public struct Located<Value: Sendable>: Sendable {
    /// The value as read (after `${VAR}` expansion for text).
    public var value: Value
    /// Where it was written.
    public var mark: YAMLMark
    public init(_ value: Value, at mark: YAMLMark) {
        self.value = value
        self.mark = mark
    }
}

extension Located: Equatable where Value: Equatable {}

/// `authorization:`; what live devices may be opened without a prompt.
public struct Authorization: Sendable, Equatable {
    /// Whether a camera may be opened: ask the user, always, never.
    public enum Camera: String, Sendable, CaseIterable { case ask, authorized, denied }
    /// `camera:`: `ask` (prompt on a TTY, remember the answer), `authorized` or `denied`. Default: `ask`.
    public var camera: Camera = .ask
    public init() {}
}

/// One entry of `inputs:`.
public struct InputConfig: Sendable {
    /// `id:` unique across inputs and outputs.
    public var id: Located<String>
    /// `type:` and the keys of that type.
    public var kind: Kind
    /// Where the entry starts.
    public var mark: YAMLMark

    public enum Kind: Sendable {
        case file(FileInputConfig)
        case stdin(StdinInputConfig)
        case v4l2(V4L2InputConfig)
    }

    /// The YAML `type:` value.
    public var typeName: String {
        switch kind {
        case .file: return "file"
        case .stdin: return "stdin"
        case .v4l2: return "v4l2"
        }
    }
}

/// `type: file`: image files named by paths, directories (recursive) and globs.
public struct FileInputConfig: Sendable, Equatable {
    /// `paths:` files, directories or glob patterns (`*`, `?`, `[…]`, and `**` for any depth). Relative
    /// paths are relative to the working directory. Required, at least one.
    public var paths: [String]
    /// `watch:` keep running and decode files that appear later in the directories (inotify). Default: false.
    public var watch: Bool = false
    /// `max_pixels:` refuse images with more pixels. Default: 100 000 000.
    public var maxPixels: Int = 100_000_000
    public init(paths: [String]) { self.paths = paths }
}

/// `type: stdin`: raw frames back to back on standard input, as `ffmpeg -f rawvideo` writes them.
public struct StdinInputConfig: Sendable, Equatable {
    /// `width:`, `height:` in pixels. Required.
    public var width: Int
    public var height: Int
    /// `pixel_format:` one of `gray8 rgb24 bgr24 rgba32 yuyv uyvy nv12 i420`. Required.
    public var pixelFormat: PixelFormat
    /// `stride:` bytes between row starts of the first plane. Default: tightly packed.
    public var stride: Int?
    /// `fps:` when set, frame timestamps are `frame / fps` seconds after the start (a recorded stream);
    /// otherwise the time each frame was read. Default: not set.
    public var fps: Double?
    /// `live:` the source is live (a camera through ffmpeg): when decoding falls behind, older frames are
    /// dropped (the latest frame wins) so results stay current. Default: false: a pipe from a file or a
    /// recording is read no faster than it is decoded (back-pressure), and no frame is dropped.
    public var live: Bool = false
    /// `drop_frames:` overrides whether frames are dropped when decoding falls behind. Default: not set
    /// (the value of ``live``).
    public var dropFrames: Bool?

    /// Whether a busy connection drops frames: ``dropFrames`` when set, else ``live``.
    public var dropsFrames: Bool { dropFrames ?? live }

    public init(width: Int, height: Int, pixelFormat: PixelFormat) {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
    }

    /// Bytes of one frame on the wire.
    public var frameByteCount: Int {
        pixelFormat.frameByteCount(
            width: width, height: height, stride: stride ?? pixelFormat.minimumStride(width: width))
    }
}

/// `type: v4l2`: a camera through Video4Linux2, opened only when the authorization gate allows it
/// (`Docs/camera.md`).
public struct V4L2InputConfig: Sendable, Equatable {
    /// `device:` the device node. Default: `/dev/video0`.
    public var device: String = "/dev/video0"
    /// `width:`, `height:` requested capture size in pixels; the closest offered size is used. Default: 1280 × 720.
    public var width: Int = 1280
    public var height: Int = 720
    /// `pixel_format:` requested format: `gray8 yuyv uyvy nv12 i420 rgb24 bgr24 mjpeg`; another offered one
    /// is used when the device lacks it. Default: `yuyv`.
    public var pixelFormat: CameraPixelFormat = .yuyv
    /// `fps:` requested frames per second; the closest offered rate is used. Default: the highest offered.
    public var fps: Double?
    /// `buffers:` driver buffers for mmap streaming (2…32). Default: 4.
    public var buffers: Int = 4
    /// `controls:` V4L2 controls to set, by name as `v4l2-ctl --list-ctrls` prints it (`focus_auto: 0`),
    /// in file order. Default: none.
    public var controls: [Located<CameraControlSetting>] = []
    /// `stall_timeout_ms:` no frame for this long counts as a stall: the device is reopened with back-off.
    /// Default: 3000.
    public var stallTimeoutMs: Int = 3000
    public init() {}
}

/// One entry of a v4l2 input's `controls:`.
public struct CameraControlSetting: Sendable, Equatable {
    /// The control's name as written.
    public var name: String
    /// The value to set.
    public var value: Int64
    public init(name: String, value: Int64) {
        self.name = name
        self.value = value
    }
}

/// The kinds of events a session emits (ARCHITECTURE §1), plus per-item errors.
public enum EventKind: String, Sendable, CaseIterable, Hashable, Comparable {
    /// Every read of a symbol in a frame.
    case detected
    /// A symbol read in `confirm_frames` consecutive frames (at once for a file input).
    case confirmed
    /// A tracked symbol not seen for `lost_after_ms`.
    case lost
    /// A per-item failure: an unreadable file, a truncated frame, an undeliverable event.
    case error

    /// The kinds an output receives when its `events:` is not given.
    public static let defaultSet: Set<EventKind> = [.detected, .confirmed, .lost]

    public static func < (a: EventKind, b: EventKind) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// One entry of `outputs:`.
public struct OutputConfig: Sendable {
    /// `id:` unique across inputs and outputs.
    public var id: Located<String>
    /// `type:` and the keys of that type.
    public var kind: Kind
    /// `events:` which event kinds this output receives. Default: detected, confirmed, lost.
    public var events: Set<EventKind> = EventKind.defaultSet
    /// Where the entry starts.
    public var mark: YAMLMark

    public enum Kind: Sendable {
        case stdout(StdoutOutputConfig)
        case file(FileOutputConfig)
        case webhook(WebhookOutputConfig)
        case preview(PreviewOutputConfig)
    }

    public var typeName: String {
        switch kind {
        case .stdout: return "stdout"
        case .file: return "file"
        case .webhook: return "webhook"
        case .preview: return "preview"
        }
    }
}

/// How events are written as lines.
public enum LineFormat: String, Sendable, CaseIterable {
    /// One JSON object per line (see `Event.jsonObject`).
    case jsonl
    /// `ORIGIN: FORMAT: VALUE` per line (stdout only; see `Event.textLine`).
    case text
    /// The payload of each confirmed code as it is, one per line, nothing else (stdout only;
    /// `scanctl run --raw` sets it on every stdout output).
    case raw
    /// Comma-separated values with a header line (file only).
    case csv
}

/// `type: stdout`.
public struct StdoutOutputConfig: Sendable, Equatable {
    /// `format:` `jsonl`, `text` or `raw`. Default: `jsonl`.
    public var format: LineFormat = .jsonl
    public init() {}
}

/// `type: file`: events appended to a file, flushed per event.
public struct FileOutputConfig: Sendable, Equatable {
    /// `path:` the file; its directory must exist. Required.
    public var path: String
    /// `format:` `jsonl` or `csv`. Default: from the path's extension (`.csv` → csv), else `jsonl`.
    public var format: LineFormat = .jsonl
    /// `rotate_bytes:` when the file would grow past this many bytes, it is renamed `path.1` (older ones
    /// shift to `.2` …) and a new file starts. Default: no rotation.
    public var rotateBytes: Int?
    /// `keep:` rotated files kept. Default: 5.
    public var keep: Int = 5
    public init(path: String) { self.path = path }
}

/// `type: webhook`: HTTP(S) POST of events as JSON.
public struct WebhookOutputConfig: Sendable, Equatable {
    /// `url:` http or https URL. Required.
    public var url: String
    /// `headers:` extra request headers (values may use `${VAR}`). Default: none.
    public var headers: [String: String] = [:]
    /// `batch_size:` events per request; 1 posts one JSON object, more post a JSON array. Default: 1.
    public var batchSize: Int = 1
    /// `timeout_ms:` deadline of one request, enforced to the millisecond. Default: 5000.
    public var timeoutMs: Int = 5000
    /// `retry: { attempts, backoff_ms, max_backoff_ms }`: attempts per delivery round (≥ 1), first
    /// back-off, doubling up to the maximum. Defaults: 5, 250, 30000.
    public var attempts: Int = 5
    public var backoffMs: Int = 250
    public var maxBackoffMs: Int = 30_000
    /// `spool:` directory where undelivered events wait, across restarts. Default: none (events still
    /// undelivered at the end are counted as lost).
    public var spool: String?
    public init(url: String) { self.url = url }
}

/// A region of a frame, as fractions of its width and height (0…1, origin top left).
public struct RegionOfInterest: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The pixel rectangle of this region in a `frameWidth` × `frameHeight` frame, at least 1 × 1 and
    /// inside the frame.
    public func pixelRect(frameWidth: Int, frameHeight: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x0 = min(frameWidth - 1, max(0, Int((x * Double(frameWidth)).rounded(.down))))
        let y0 = min(frameHeight - 1, max(0, Int((y * Double(frameHeight)).rounded(.down))))
        let x1 = min(frameWidth, max(x0 + 1, Int(((x + width) * Double(frameWidth)).rounded(.up))))
        let y1 = min(frameHeight, max(y0 + 1, Int(((y + height) * Double(frameHeight)).rounded(.up))))
        return (x0, y0, x1 - x0, y1 - y0)
    }
}

/// One entry of `connections:`: frames of one input, decoded with these settings, to these outputs.
public struct ConnectionConfig: Sendable {
    /// `from:` the input id.
    public var from: Located<String>
    /// `to:` output ids (a single id or a list).
    public var to: [Located<String>]
    /// `symbologies:` formats to look for, as written. Default: every format a plugin serves.
    public var symbologies: [Located<BarcodeFormat>] = []
    /// `options:` decode options, snake_case names of `DecodeOptions` fields.
    public var options = DecodeOptions()
    /// `region_of_interest:` decode only this part of each frame. Default: the whole frame.
    public var regionOfInterest: Located<RegionOfInterest>?
    /// Marks of the four region fields (x, y, width, height), for precise messages.
    public var regionMarks: [String: YAMLMark] = [:]
    /// `confirm_frames:` consecutive frames that must agree before `confirmed`. Default: 1.
    public var confirmFrames: Int = 1
    /// `deduplicate_ms:` a value is confirmed again only after it was not read for this long; -1: once per
    /// session; 0: no de-duplication. Default: 0.
    public var deduplicateMs: Int = 0
    /// `lost_after_ms:` a tracked code not read for this long is `lost`. Default: 1000.
    public var lostAfterMs: Int = 1000
    /// Where the entry starts.
    public var mark: YAMLMark
}
