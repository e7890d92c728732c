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
    private let counters = SessionCounters()

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
        for plan in outputs {
            do {
                try plan.output.open()
            } catch {
                throw OutputFailure(output: plan.output.id, reason: "\(error)")
            }
        }
        let workers = outputs.map { OutputWorker(plan: $0) }
        let counters = self.counters
        let diagnostics = self.diagnostics
        for worker in workers {
            worker.start { message in
                counters.state.withLock {
                    $0.errors += 1
                    $0.failedItems += 1
                }
                diagnostics(message)
            }
        }
        let stopSignal = self.stopSignal
        let router = EventRouter(
            connections: connections.map(\.plan), workers: workers, limits: limits, onLimit: { stopSignal.set() },
            onPersistFailure: { message in
                counters.state.withLock {
                    $0.errors += 1
                    $0.failedItems += 1
                }
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
                    liveConnections.append(connection)
                    startThread("decode-\(input.id)-\(connection.plan.index)", group: decodersDone) {
                        while let frame = slot.take() {
                            let events = connection.handleStream(frame)
                            counters.count(events)
                            router.route(events)
                        }
                    }
                }
            }
            slots += mySlots
            let sink = InputSink(
                input: input.id, session: session, connections: mine, slots: mySlots, router: router,
                counters: counters, diagnostics: diagnostics)
            startThread("input-\(input.id)", group: inputsDone) {
                input.run(into: sink, stop: stopSignal)
                for slot in sink.slots { slot.close() }
            }
        }
        inputsDone.wait()
        decodersDone.wait()
        // Streams ended: codes still in view leave it.
        let now = Date()
        for connection in liveConnections { router.route(connection.finishStream(at: now)) }
        let dropped = slots.reduce(0) { $0 + $1.dropped }
        let undelivered = workers.reduce(0) { $0 + $1.finish() }
        let counts = router.counts
        return counters.state.withLock { s in
            s.droppedFrames = dropped
            s.undelivered = undelivered
            s.events = counts.events
            s.confirmed = counts.confirmed
            s.seconds = Date().timeIntervalSince(started)
            return s
        }
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

/// The running totals of a session, shared by its threads.
final class SessionCounters: Sendable {
    let state = Mutex(RunSummary())

    /// Counts the detected events among `events` as symbols.
    func count(_ events: [Event]) {
        let symbols = events.filter { $0.kind == .detected }.count
        if symbols > 0 { state.withLock { $0.symbols += symbols } }
    }
}

/// The ``FrameSink`` of one input: its connections, their slots, the router and the counters.
struct InputSink: FrameSink {
    let input: String
    let session: String
    let connections: [ConnectionRuntime]
    /// One slot per connection, same order as `connections` (live inputs only).
    let slots: [LatestFrameSlot]
    let router: EventRouter
    let counters: SessionCounters
    let diagnostics: @Sendable (String) -> Void

    func process(_ frame: Frame) {
        counters.state.withLock { $0.frames += 1 }
        for connection in connections {
            let events = connection.handleBatch(frame)
            counters.count(events)
            router.route(events)
        }
    }

    func offer(_ frame: Frame) {
        guard !slots.isEmpty else { return process(frame) }
        counters.state.withLock { $0.frames += 1 }
        for slot in slots { slot.put(frame) }
    }

    func fail(frame: Int?, source: String, message: String) {
        counters.state.withLock { $0.failedItems += 1 }
        report(frame: frame, source: source, message: message)
    }

    func report(source: String, message: String) { report(frame: nil, source: source, message: message) }

    private func report(frame: Int?, source: String, message: String) {
        counters.state.withLock { $0.errors += 1 }
        let at = frame.map { " frame \($0)" } ?? ""
        diagnostics("input '\(input)'\(at): \(message)")
        let event = Event(
            kind: .error, session: session, input: input, frame: frame, timestamp: Date(), source: source,
            message: message)
        router.route(event, connections: connections.map(\.plan.index))
    }
}
