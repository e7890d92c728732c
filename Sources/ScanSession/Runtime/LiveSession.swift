import Foundation
import Synchronization

/// The running session as a ``FrameViewer`` sees it: its connections, its metrics now, and the controls
/// of its cameras.
public final class LiveSession: Sendable {
    /// The session's name.
    public let name: String
    /// The connections that run, by index.
    public let connections: [ConnectionPlan]
    /// When the session started.
    public let startTime: Date
    let metrics: SessionMetrics
    private let cameras: [String: CameraControlChannel]
    private let parts = Mutex<
        (slots: [(input: String, connection: Int, slot: LatestFrameSlot)], workers: [OutputWorker])
    >(
        ([], []))

    init(
        name: String, connections: [ConnectionPlan], metrics: SessionMetrics,
        cameras: [String: CameraControlChannel], startTime: Date = Date()
    ) {
        self.name = name
        self.connections = connections
        self.metrics = metrics
        self.cameras = cameras
        self.startTime = startTime
    }

    func register(slot: LatestFrameSlot, input: String, connection: Int) {
        parts.withLock { $0.slots.append((input, connection, slot)) }
    }

    func register(workers: [OutputWorker]) { parts.withLock { $0.workers = workers } }

    /// The controls of camera input `id`, or nil when it is not a camera.
    public func cameraControls(forInput id: String) -> CameraControlChannel? { cameras[id] }

    /// The ids of the camera inputs, sorted.
    public var cameraInputs: [String] { cameras.keys.sorted() }

    /// The counts as they are now.
    public func snapshot() -> MetricsSnapshot {
        let s = metrics.state.withLock { $0 }
        let (slots, workers) = parts.withLock { ($0.slots, $0.workers) }
        var snapshot = MetricsSnapshot(startTime: startTime)
        snapshot.framesByInput = s.framesByInput
        snapshot.symbolsByFormat = s.symbolsByFormat
        snapshot.eventsByKind = Dictionary(uniqueKeysWithValues: s.eventsByKind.map { ($0.key.rawValue, $0.value) })
        snapshot.errors = s.summary.errors
        snapshot.decodeTimes = s.decodeTimes
        snapshot.droppedFrames = slots.map { .init(input: $0.input, connection: $0.connection, count: $0.slot.dropped) }
        for worker in workers {
            snapshot.outputQueueDepth[worker.id] = worker.queued
            if let backlog = (worker.plan.output as? any OutputBacklogReporting)?.backlog {
                snapshot.webhookBacklog[worker.id] = backlog
            }
        }
        return snapshot
    }
}

/// An output whose undelivered events the metrics report (the webhook).
public protocol OutputBacklogReporting: Output {
    /// Events waiting now.
    var backlog: OutputBacklog { get }
}

/// Events an output holds that are not delivered yet.
public struct OutputBacklog: Sendable, Equatable {
    /// Events waiting for delivery, in memory or on disk.
    public var pending: Int
    /// Of those, the ones in a spool directory (0 without `spool:`).
    public var spooled: Int
    public init(pending: Int, spooled: Int) {
        self.pending = pending
        self.spooled = spooled
    }
}

/// The session's counts at one moment, as `/metrics` exposes them (``prometheusText``).
public struct MetricsSnapshot: Sendable, Equatable {
    /// Frames a latest-frame slot replaced before its connection decoded them.
    public struct Dropped: Sendable, Equatable {
        public var input: String
        public var connection: Int
        public var count: Int
    }

    public var startTime: Date
    /// Frames read, by input id.
    public var framesByInput: [String: Int] = [:]
    public var droppedFrames: [Dropped] = []
    /// Symbols read (detected events), by format name.
    public var symbolsByFormat: [String: Int] = [:]
    /// Events produced, by kind (`detected`, `confirmed`, `lost`, `error`), before output filters.
    public var eventsByKind: [String: Int] = [:]
    /// Per-item errors.
    public var errors = 0
    /// Decode times by connection index.
    public var decodeTimes: [Int: DecodeHistogram] = [:]
    /// Events waiting in each output's queue for its writer thread, by output id.
    public var outputQueueDepth: [String: Int] = [:]
    /// Webhook outputs' undelivered events, by output id.
    public var webhookBacklog: [String: OutputBacklog] = [:]

    public init(startTime: Date) { self.startTime = startTime }
}
