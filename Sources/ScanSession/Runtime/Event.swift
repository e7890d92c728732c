import Foundation
import ScanCore

/// What outputs receive: one symbol read (or tracked, or lost) in one frame, or one per-item error.
///
/// `detected` is every read; `confirmed` follows after `confirm_frames` consecutive frames agree (at once
/// for file inputs); `lost` when a tracked code was not read for `lost_after_ms`; `error` names an item
/// that failed (an unreadable file, a truncated frame) while the session goes on.
public struct Event: Sendable, Equatable {
    /// Unique id (a random UUID, lower case), so receivers of at-least-once deliveries can drop duplicates.
    public var id: String
    /// detected, confirmed, lost or error.
    public var kind: EventKind
    /// The session's name.
    public var session: String
    /// The id of the input the frame came from.
    public var input: String
    /// Index of the connection that produced the event in `connections:` (nil for input errors).
    public var connection: Int?
    /// The frame's sequence number in its input, from 0 (a file input counts files); nil when the event
    /// concerns no single frame.
    public var frame: Int?
    /// When the frame was captured (for `lost`: when the loss was noticed).
    public var timestamp: Date
    /// Where the frame came from: a file path or `stdin`.
    public var source: String
    /// The symbol (for `lost`: as last read); nil for errors.
    public var barcode: Barcode?
    /// The stable id of the code while it stays in view (stream inputs); nil for file inputs and errors.
    public var trackID: Int?
    /// What went wrong, for `error` events.
    public var message: String?

    public init(
        id: String = UUID().uuidString.lowercased(), kind: EventKind, session: String, input: String,
        connection: Int? = nil, frame: Int?, timestamp: Date, source: String, barcode: Barcode? = nil,
        trackID: Int? = nil, message: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.session = session
        self.input = input
        self.connection = connection
        self.frame = frame
        self.timestamp = timestamp
        self.source = source
        self.barcode = barcode
        self.trackID = trackID
        self.message = message
    }
}
