import Foundation
import ScanCore
import Synchronization

/// Runs a session: starts the outputs and inputs, decodes every frame for the connections reading it,
/// routes the events, and stops cleanly (ARCHITECTURE §1, §5).
///
/// ```swift
/// let coordinator = Coordinator(session: "demo", inputs: [input], outputs: [OutputPlan(output: out)],
///                               connections: [ConnectionPlan(index: 0, input: "in", outputs: ["out"])],
///                               registry: BuiltinPlugins.registry())
/// let summary = try coordinator.run()     // blocks until the inputs end or stop() is called
/// ```
///
/// Threads: each input runs on a thread of its own. A batch input decodes on the threads it hands frames
/// from; a live input fills one latest-frame slot per connection, each drained by a decoding thread.
/// Each output writes from its own bounded queue. ``stop()`` (SIGINT/SIGTERM, a limit) stops the inputs;
/// then the slots and queues drain, the stream stages report codes still tracked as `lost`, and every
/// output finishes (files flushed, webhook events delivered or spooled).
public final class Coordinator: Sendable {
    /// The session's name (carried by every event).
    public let session: String
    private let inputs: [any Input]
    private let outputs: [OutputPlan]
    private let connections: [ConnectionRuntime]
    private let limits: RunLimits
    private let diagnostics: @Sendable (String) -> Void
    private let stopSignal = StopSignal()
    private let metrics = SessionMetrics()

    /// - Parameters:
    ///   - connections: plans whose `input` and `outputs` name ids of `inputs` and `outputs`.
    ///   - registry: the decoder plugins (scanctl passes `BuiltinPlugins.registry()`).
    ///   - diagnostics: receives one line per error event and failed write (scanctl prints it on stderr).
    public init(
        session: String, inputs: [any Input], outputs: [OutputPlan], connections: [ConnectionPlan],
        registry: DecoderRegistry, limits: RunLimits = RunLimits(),
        diagnostics: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.session = session
        self.inputs = inputs
        self.outputs = outputs
        self.connections = connections.map { ConnectionRuntime(plan: $0, session: session, registry: registry) }
        self.limits = limits
        self.diagnostics = diagnostics
    }

    /// Asks the session to stop: inputs stop reading, everything read is still decoded and delivered.
    public func stop() { stopSignal.set() }

    /// True once ``stop()`` was called (or a limit was reached).
    public var isStopping: Bool { stopSignal.isSet }

    /// An output that could not be opened; the session did not start.
    public struct OutputFailure: Error, CustomStringConvertible {
        /// The output's id.
        public var output: String
        /// Why it could not be opened.
        public var reason: String
        public var description: String { "output '\(output)': \(reason)" }
    }

    /// Runs the session to its end and returns what it did.
    /// - Throws: ``OutputFailure`` when an output cannot be opened (no input is started then).
    public func run() throws(OutputFailure) -> RunSummary {
        let started = Date()
        let metrics = self.metrics
        var cameras: [String: CameraControlChannel] = [:]
        for input in inputs {
            if let camera = input as? any CameraControlling { cameras[input.id] = camera.controlChannel }
        }
        let live = LiveSession(
            name: session, connections: connections.map(\.plan), metrics: metrics, cameras: cameras,
            startTime: started)
        let viewers = FrameViewRouter(connections: connections.map(\.plan), outputs: outputs)
        for viewer in viewers.all { viewer.attach(live) }
        for plan in outputs {
            do {
                try plan.output.open()
            } catch {
                throw OutputFailure(output: plan.output.id, reason: SystemErrorText.describe(error))
            }
        }
        let workers = outputs.map { OutputWorker(plan: $0) }
        live.register(workers: workers)
        let diagnostics = self.diagnostics
        for worker in workers {
            worker.start { message in
                metrics.failure()
                diagnostics(message)
            }
        }
        let stopSignal = self.stopSignal
        let router = EventRouter(
            connections: connections.map(\.plan), workers: workers, limits: limits, onLimit: { stopSignal.set() },
            onPersistFailure: { message in
                metrics.failure()
                diagnostics(message)
            })
        if let seconds = limits.duration {
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { stopSignal.set() }
        }

        let inputsDone = DispatchGroup()
        let decodersDone = DispatchGroup()
        var slots: [LatestFrameSlot] = []
        var liveConnections: [ConnectionRuntime] = []
        for input in inputs {
            let mine = connections.filter { $0.plan.input == input.id }
            var mySlots: [LatestFrameSlot] = []
            if case .live(let dropFrames) = input.delivery {
                for connection in mine {
                    let slot = LatestFrameSlot(dropping: dropFrames)
                    mySlots.append(slot)
                    live.register(slot: slot, input: input.id, connection: connection.plan.index)
                    liveConnections.append(connection)
                    startThread("decode-\(input.id)-\(connection.plan.index)", group: decodersDone) {
                        while let frame = slot.take() {
                            let decoded = connection.handleStream(frame)
                            metrics.decoded(
                                connection: connection.plan.index, seconds: decoded.view.decodeSeconds,
                                events: decoded.events)
                            viewers.observe(decoded.view)
                            router.route(decoded.events)
                            slot.finished()
                        }
                    }
                }
            }
            slots += mySlots
            let inOrder = input.delivery == .batch && input.deliversInOrder
            let sink = InputSink(
                input: input.id, session: session, connections: mine, slots: mySlots, router: router,
                viewers: viewers, metrics: metrics, diagnostics: diagnostics,
                sequencer: inOrder ? SequencedRelease() : nil)
            startThread("input-\(input.id)", group: inputsDone) {
                input.run(into: sink, stop: stopSignal)
                sink.sequencer?.releaseAll()
                for slot in sink.slots { slot.close() }
            }
        }
        inputsDone.wait()
        decodersDone.wait()
        // Streams ended: codes still in view leave it.
        let now = Date()
        for connection in liveConnections {
            let lost = connection.finishStream(at: now)
            metrics.produced(lost)
            router.route(lost)
        }
        let dropped = slots.reduce(0) { $0 + $1.dropped }
        let undelivered = workers.reduce(0) { $0 + $1.finish() }
        let counts = router.counts
        var summary = metrics.state.withLock { $0.summary }
        summary.droppedFrames = dropped
        summary.undelivered = undelivered
        summary.events = counts.events
        summary.confirmed = counts.confirmed
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    private func startThread(_ name: String, group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.name = name
        thread.start()
    }
}

/// The ``FrameSink`` of one input: its connections, their slots, the router, the viewers and the metrics.
///
/// For an input that ``Input/deliversInOrder``, frames still decode in parallel, but the stages after
/// decoding (de-duplication, confirmation), the viewers and the routing run in frame order, through
/// `sequencer`.
struct InputSink: FrameSink {
    let input: String
    let session: String
    let connections: [ConnectionRuntime]
    /// One slot per connection, same order as `connections` (live inputs only).
    let slots: [LatestFrameSlot]
    let router: EventRouter
    let viewers: FrameViewRouter
    let metrics: SessionMetrics
    let diagnostics: @Sendable (String) -> Void
    /// Puts batch frames' events in frame order (nil: as they finish).
    let sequencer: SequencedRelease?

    func process(_ frame: Frame) {
        metrics.frameRead(input: input)
        // One luminance plane and one decoding context per region for all connections of this input.
        let shared = SharedFrame(frame)
        guard let sequencer else {
            for connection in connections { deliver(connection.handleBatch(shared), from: connection) }
            return
        }
        let decoded = connections.map { $0.decodeBatch(shared) }
        let connections = self.connections
        sequencer.release(frame.sequenceNumber) {
            for (connection, codes) in zip(connections, decoded) {
                deliver(connection.batchEvents(codes, frame: frame), from: connection)
            }
        }
    }

    private func deliver(_ decoded: ConnectionRuntime.Decoded, from connection: ConnectionRuntime) {
        metrics.decoded(connection: connection.plan.index, seconds: decoded.view.decodeSeconds, events: decoded.events)
        viewers.observe(decoded.view)
        router.route(decoded.events)
    }

    func offer(_ frame: Frame) {
        guard !slots.isEmpty else { return process(frame) }
        metrics.frameRead(input: input)
        let shared = SharedFrame(frame)
        for slot in slots { slot.put(shared) }
    }

    func fail(frame: Int?, source: String, message: String) {
        metrics.itemFailed()
        report(frame: frame, source: source, message: message)
    }

    func report(source: String, message: String) { report(frame: nil, source: source, message: message) }

    /// An `error` event for `message`: counted, on stderr (naming the source once) and routed; for a frame
    /// of an in-order input, in its turn among the frames' events.
    private func report(frame: Int?, source: String, message: String) {
        let event = Event(
            kind: .error, session: session, input: input, frame: frame, timestamp: Date(), source: source,
            message: message)
        let work: @Sendable () -> Void = {
            metrics.error()
            diagnostics("input '\(input)': \(event.sourcedMessage)")
            metrics.produced([event])
            router.route(event, connections: connections.map(\.plan.index))
        }
        if let sequencer, let frame { sequencer.release(frame, work); return }
        // A live input whose frames are all decoded (no dropping) has its error after the events of the
        // frames it handed over before it: a stream's consumer reads the events in frame order.
        for slot in slots where !slot.dropping { slot.waitUntilIdle() }
        work()
    }
}
