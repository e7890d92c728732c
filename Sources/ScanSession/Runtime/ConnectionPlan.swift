import ScanCore

/// What one connection does, resolved from the session: which input it reads, how it decodes, which
/// outputs get its events, and the stream-stage settings.
public struct ConnectionPlan: Sendable {
    /// Position in `connections:`, from 0; events carry it for routing.
    public var index: Int
    /// The input id (`from:`).
    public var input: String
    /// Output ids (`to:`).
    public var outputs: [String]
    /// Decode options; `formats` holds the connection's symbologies (empty: all the registry has).
    public var options: DecodeOptions
    /// The part of each frame that is decoded; nil for the whole frame.
    public var regionOfInterest: RegionOfInterest?
    /// Consecutive frames that must agree before `confirmed` (stream inputs). Default: 1.
    public var confirmFrames: Int = 1
    /// Quiet time before a value is confirmed again; -1: once per session; 0: off. Default: 0.
    public var deduplicateMs: Int = 0
    /// A tracked code unseen for this long is `lost` (stream inputs). Default: 1000.
    public var lostAfterMs: Int = 1000

    public init(index: Int, input: String, outputs: [String], options: DecodeOptions = DecodeOptions()) {
        self.index = index
        self.input = input
        self.outputs = outputs
        self.options = options
    }

    /// The plan of a validated connection entry.
    public init(_ config: ConnectionConfig, index: Int) {
        self.init(index: index, input: config.from.value, outputs: config.to.map(\.value), options: config.options)
        options.formats = Set(config.symbologies.map(\.value))
        regionOfInterest = config.regionOfInterest?.value
        confirmFrames = config.confirmFrames
        deduplicateMs = config.deduplicateMs
        lostAfterMs = config.lostAfterMs
    }
}
