import Foundation

extension MetricsSnapshot {
    /// The snapshot in the Prometheus text exposition format (version 0.0.4), every name prefixed
    /// `scanctl_`, series sorted by their labels:
    ///
    /// | metric | type | labels |
    /// |---|---|---|
    /// | `scanctl_frames_total` | counter | `input` |
    /// | `scanctl_dropped_frames_total` | counter | `input`, `connection` |
    /// | `scanctl_decode_seconds` | histogram | `connection` |
    /// | `scanctl_symbols_total` | counter | `format` |
    /// | `scanctl_events_total` | counter | `kind` |
    /// | `scanctl_errors_total` | counter | |
    /// | `scanctl_output_queue_depth` | gauge | `output` |
    /// | `scanctl_webhook_queue_depth`, `scanctl_webhook_spool_depth` | gauge | `output` |
    /// | `scanctl_start_time_seconds` | gauge | |
    ///
    /// `extra` is appended as it is (an output's own metrics, already in this format).
    public func prometheusText(extra: String = "") -> String {
        var out = ""
        func family(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            out += "# HELP scanctl_\(name) \(help)\n# TYPE scanctl_\(name) \(type)\n"
            for s in samples { out += "scanctl_\(name)\(s.labels) \(s.value)\n" }
        }
        func labels(_ pairs: [(String, String)]) -> String {
            pairs.isEmpty ? "" : "{" + pairs.map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ",") + "}"
        }
        func counts(_ map: [String: Int], label: String) -> [(labels: String, value: String)] {
            map.keys.sorted().map { (labels([(label, $0)]), String(map[$0] ?? 0)) }
        }
        family(
            "frames_total", "counter", "Frames read from the session's inputs.", counts(framesByInput, label: "input"))
        family(
            "dropped_frames_total", "counter",
            "Frames a connection's latest-frame slot replaced before they were decoded.",
            droppedFrames.sorted { ($0.input, $0.connection) < ($1.input, $1.connection) }.map {
                (labels([("input", $0.input), ("connection", String($0.connection))]), String($0.count))
            })
        var histogram: [(labels: String, value: String)] = []
        for connection in decodeTimes.keys.sorted() {
            guard let h = decodeTimes[connection] else { continue }
            let c = ("connection", String(connection))
            for (bound, count) in zip(DecodeHistogram.bounds, h.cumulative) {
                histogram.append(("_bucket" + labels([c, ("le", Self.number(bound))]), String(count)))
            }
            histogram.append(("_bucket" + labels([c, ("le", "+Inf")]), String(h.count)))
            histogram.append(("_sum" + labels([c]), Self.number(h.sum)))
            histogram.append(("_count" + labels([c]), String(h.count)))
        }
        family("decode_seconds", "histogram", "Time one connection took to decode one frame.", histogram)
        family(
            "symbols_total", "counter", "Symbols read (detected events), by format.",
            counts(symbolsByFormat, label: "format"))
        family(
            "events_total", "counter", "Events produced, by kind, before output filters.",
            counts(eventsByKind, label: "kind"))
        family(
            "errors_total", "counter", "Per-item errors: unreadable files, truncated frames, failed writes.",
            [("", String(errors))])
        family(
            "output_queue_depth", "gauge", "Events queued for an output's writer thread.",
            counts(outputQueueDepth, label: "output"))
        family(
            "webhook_queue_depth", "gauge", "Events a webhook output has not delivered yet (in memory or spooled).",
            counts(webhookBacklog.mapValues(\.pending), label: "output"))
        family(
            "webhook_spool_depth", "gauge", "Events waiting in a webhook output's spool directory.",
            counts(webhookBacklog.mapValues(\.spooled), label: "output"))
        family(
            "start_time_seconds", "gauge", "When the session started, in seconds since the Unix epoch.",
            [("", Self.number(startTime.timeIntervalSince1970))])
        return out + extra
    }

    /// A label value with `\`, `"` and line feeds escaped.
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A sample value: whole numbers without a fraction, others as Swift prints doubles (`0.0025`).
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
