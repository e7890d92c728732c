import ScanCore

/// One decoded frame of one connection, as a live view shows it: the frame, the symbols read in it with
/// their tracks and whether their streak is confirmed, the tracks lost with it, the region of interest and
/// the time decoding took.
///
/// Corner points are in pixels of `frame` (the region of interest is already undone).
public struct FrameView: Sendable {
    /// A symbol in the view.
    public struct Symbol: Sendable, Equatable {
        /// The symbol as read (for a lost track: as last read).
        public var barcode: Barcode
        /// Its track (live inputs); nil for file inputs.
        public var trackID: Int?
        /// Read in `confirm_frames` consecutive frames up to this one (always true for file inputs).
        public var isConfirmed: Bool

        public init(barcode: Barcode, trackID: Int?, isConfirmed: Bool) {
            self.barcode = barcode
            self.trackID = trackID
            self.isConfirmed = isConfirmed
        }
    }

    /// The frame as the input delivered it.
    public var frame: Frame
    /// The input's id.
    public var input: String
    /// The connection's index in `connections:`.
    public var connection: Int
    /// The connection's region of interest (fractions of the frame); nil for the whole frame.
    public var regionOfInterest: RegionOfInterest?
    /// What was read in this frame.
    public var symbols: [Symbol]
    /// Tracks that were lost as of this frame (not read for `lost_after_ms`).
    public var lost: [Symbol]
    /// Seconds the connection spent decoding this frame.
    public var decodeSeconds: Double

    public init(
        frame: Frame, input: String, connection: Int, regionOfInterest: RegionOfInterest?, symbols: [Symbol],
        lost: [Symbol] = [], decodeSeconds: Double
    ) {
        self.frame = frame
        self.input = input
        self.connection = connection
        self.regionOfInterest = regionOfInterest
        self.symbols = symbols
        self.lost = lost
        self.decodeSeconds = decodeSeconds
    }
}

/// An output that also watches the decoded frames of its connections and the running session (the
/// preview), besides receiving their events like any output.
///
/// The coordinator calls ``attach(_:)`` once before ``Output/open()``, then ``observe(_:)`` on the
/// decoding thread after every frame of a connection that feeds the output.
public protocol FrameViewer: Output {
    /// Hands over the running session: its connections, its metrics, its camera controls.
    func attach(_ session: LiveSession)
    /// One decoded frame. Must return at once and never wait for anything (decoding waits for it): keep
    /// the latest view and do the work on a thread of your own.
    func observe(_ view: FrameView)
}
