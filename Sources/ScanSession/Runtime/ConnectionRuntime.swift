import Foundation
import ScanCore
import Synchronization

/// One connection while the session runs: decodes frames and turns the symbols into events.
///
/// For a batch input (files) every image is a scene of its own: each read is `detected` and, at once,
/// `confirmed` (subject to de-duplication); there is no tracking. For a live input the stream stages run
/// over consecutive frames: tracking (`track_id`, `lost`), confirmation (`confirm_frames`) and
/// de-duplication (`deduplicate_ms`). Safe to call from several threads (batch inputs decode in parallel).
final class ConnectionRuntime: Sendable {
    let plan: ConnectionPlan
    let session: String
    private let reader: ConnectionReader

    private struct Stages: Sendable {
        var confirmation: ConfirmationStage
        var deduplication: DeduplicationStage
        var tracker: Tracker
        var lastFrame: Int?
        var lastTime: Date?
        var lastSource = ""
    }
    private let stages: Mutex<Stages>

    init(plan: ConnectionPlan, session: String, registry: DecoderRegistry) {
        self.plan = plan
        self.session = session
        self.reader = ConnectionReader(
            registry: registry, options: plan.options, regionOfInterest: plan.regionOfInterest)
        self.stages = Mutex(
            Stages(
                confirmation: ConfirmationStage(frames: plan.confirmFrames),
                deduplication: DeduplicationStage(quietMs: plan.deduplicateMs),
                tracker: Tracker(lostAfterMs: plan.lostAfterMs)))
    }

    /// What decoding one frame gave: the events, the frame as a live view shows it, and the time taken.
    struct Decoded: Sendable {
        var events: [Event]
        var view: FrameView
    }

    /// Decodes one image of a batch input: `detected` for every read, then `confirmed` for those the
    /// de-duplication stage admits. In the view every read is confirmed (a still image is its own scene).
    func handleBatch(_ frame: SharedFrame) -> Decoded {
        batchEvents(decodeBatch(frame), frame: frame.frame)
    }

    /// The decoding half of ``handleBatch(_:)``: the symbols in `frame` and the seconds decoding took (no
    /// state is touched, so frames of one input may decode in parallel).
    func decodeBatch(_ frame: SharedFrame) -> (codes: [Barcode], seconds: Double) { timedDecode(frame) }

    /// The stages half of ``handleBatch(_:)``: the events and the view for `decoded`, read in `frame`.
    func batchEvents(_ decoded: (codes: [Barcode], seconds: Double), frame: Frame) -> Decoded {
        let (codes, seconds) = decoded
        let admitted: [Bool] = stages.withLock { s in
            let keys = codes.map(CodeKey.init)
            s.deduplication.seen(keys, at: frame.timestamp, continuing: false)
            return keys.map { s.deduplication.admit($0) }
        }
        var events = codes.map { event(.detected, $0, frame: frame) }
        for (code, ok) in zip(codes, admitted) where ok { events.append(event(.confirmed, code, frame: frame)) }
        let symbols = codes.map { FrameView.Symbol(barcode: $0, trackID: nil, isConfirmed: true) }
        return Decoded(events: events, view: view(frame, symbols: symbols, lost: [], seconds: seconds))
    }

    /// Decodes one frame of a live input: `lost` for tracks that expired, `detected` for every read (with
    /// its track id), then `confirmed` for codes whose streak completes and that de-duplication admits.
    /// In the view a read is confirmed while its streak is at least `confirm_frames` long.
    func handleStream(_ shared: SharedFrame) -> Decoded {
        let (codes, seconds) = timedDecode(shared)
        let frame = shared.frame
        return stages.withLock { s in
            let keys = codes.map(CodeKey.init)
            let (ids, lost) = s.tracker.update(codes, at: frame.timestamp)
            s.deduplication.seen(keys, at: frame.timestamp)
            let confirmed = Set(s.confirmation.update(keys))
            s.lastFrame = frame.sequenceNumber
            s.lastTime = frame.timestamp
            s.lastSource = frame.source
            var events = lost.map {
                event(.lost, $0.barcode, frame: frame, trackID: $0.id)
            }
            for (code, id) in zip(codes, ids) { events.append(event(.detected, code, frame: frame, trackID: id)) }
            var done = Set<CodeKey>()
            for (code, id) in zip(codes, ids) {
                let key = CodeKey(code)
                guard confirmed.contains(key), done.insert(key).inserted, s.deduplication.admit(key) else { continue }
                events.append(event(.confirmed, code, frame: frame, trackID: id))
            }
            let symbols = zip(codes, ids).map { code, id in
                FrameView.Symbol(
                    barcode: code, trackID: id,
                    isConfirmed: s.confirmation.streak(of: CodeKey(code)) >= s.confirmation.frames)
            }
            let gone = lost.map { FrameView.Symbol(barcode: $0.barcode, trackID: $0.id, isConfirmed: false) }
            return Decoded(events: events, view: view(frame, symbols: symbols, lost: gone, seconds: seconds))
        }
    }

    private func timedDecode(_ frame: SharedFrame) -> (codes: [Barcode], seconds: Double) {
        let start = ContinuousClock.now
        let codes = reader.read(frame)
        let elapsed = start.duration(to: .now).components
        return (codes, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
    }

    private func view(_ frame: Frame, symbols: [FrameView.Symbol], lost: [FrameView.Symbol], seconds: Double)
        -> FrameView
    {
        FrameView(
            frame: frame, input: plan.input, connection: plan.index, regionOfInterest: plan.regionOfInterest,
            symbols: symbols, lost: lost, decodeSeconds: seconds)
    }

    /// The stream ended (or the session stops): every open track is `lost`, stamped with the last
    /// frame's time (or `time` when no frame came).
    func finishStream(at time: Date) -> [Event] {
        stages.withLock { s in
            let stamp = s.lastTime ?? time
            return s.tracker.finish().map { track in
                Event(
                    kind: .lost, session: session, input: plan.input, connection: plan.index, frame: s.lastFrame,
                    timestamp: stamp, source: s.lastSource, barcode: track.barcode, trackID: track.id)
            }
        }
    }

    private func event(_ kind: EventKind, _ code: Barcode, frame: Frame, trackID: Int? = nil) -> Event {
        Event(
            kind: kind, session: session, input: plan.input, connection: plan.index, frame: frame.sequenceNumber,
            timestamp: frame.timestamp, source: frame.source, barcode: code, trackID: trackID)
    }
}
