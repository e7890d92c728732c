import Foundation
import ScanCore

extension Event {
    /// The event as one JSON object: the ``Barcode/jsonObject`` fields (as `scanctl decode --json` prints
    /// them) plus `event_id`, `event` (kind), `session`, `input`, `frame` (number or null), `timestamp`
    /// (RFC 3339, UTC, milliseconds), `source` and `track_id` (number or null); `error` events carry
    /// `message` instead of the barcode fields.
    public var jsonObject: [String: JSONValue] {
        var o = barcode?.jsonObject ?? [:]
        o["event_id"] = .string(id)
        o["event"] = .string(kind.rawValue)
        o["session"] = .string(session)
        o["input"] = .string(input)
        o["frame"] = frame.map { .number(Double($0)) } ?? .null
        o["timestamp"] = .string(Event.rfc3339(timestamp))
        o["source"] = .string(source)
        o["track_id"] = trackID.map { .number(Double($0)) } ?? .null
        if let message { o["message"] = .string(message) }
        return o
    }

    /// One JSON line (no newline).
    public var jsonLine: String { JSONValue.object(jsonObject).serialized }

    /// Where the code came from, for text lines: the file path for file inputs, `INPUT frame N` for stream
    /// inputs (stdin, cameras), whose codes are tracked.
    public var origin: String {
        guard trackID != nil else { return source }
        return "\(input) frame \(frame.map(String.init) ?? "?")"
    }

    /// The error's message with its source in front (`bad/zero.png: empty file`), unless the message
    /// already starts with it (a camera's messages name the device).
    public var sourcedMessage: String {
        let text = message ?? ""
        return text.hasPrefix(source + ":") ? text : "\(source): \(text)"
    }

    /// `ORIGIN: FORMAT: VALUE` for detected and confirmed events (``origin``, then
    /// ``ScanCore/Barcode/textSummary``: `samples/wifi.png: qrcode (wifi): MyNet`), `lost: ORIGIN: FORMAT: VALUE`
    /// for lost ones, `error: SOURCE: MESSAGE` for errors. Always one line: line breaks in values are escaped.
    public var textLine: String {
        guard let b = barcode else { return "error: " + TextLine.escaped(sourcedMessage) }
        let text = "\(TextLine.escaped(origin)): \(b.textSummary)"
        return kind == .lost ? "lost: \(text)" : text
    }

    /// The CSV columns, in the order of ``csvRow``.
    public static let csvHeader =
        "event_id,timestamp,session,input,frame,source,event,track_id,format,raw_value,display_value,symbology_identifier,corner_points,message"

    /// One CSV row (RFC 4180 quoting); corner points as `x y;x y;x y;x y`.
    public var csvRow: String {
        let corners =
            barcode?.cornerPoints.map { "\(JSONValue.number($0.x).serialized) \(JSONValue.number($0.y).serialized)" }
            .joined(separator: ";") ?? ""
        let fields: [String] = [
            id, Event.rfc3339(timestamp), session, input, frame.map(String.init) ?? "", source, kind.rawValue,
            trackID.map(String.init) ?? "", barcode?.format.name ?? "", barcode?.rawValue ?? "",
            barcode?.displayValue ?? "", barcode?.symbologyIdentifier ?? "", corners, message ?? "",
        ]
        return fields.map(Event.csvQuoted).joined(separator: ",")
    }

    static func csvQuoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `2026-11-29T12:45:27.123Z`: RFC 3339 in UTC with milliseconds.
    public static func rfc3339(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = time_t(seconds.rounded(.down))
        var millis = Int(((seconds - Double(whole)) * 1000).rounded())
        if millis == 1000 {
            whole += 1
            millis = 0
        }
        var parts = tm()
        gmtime_r(&whole, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), millis)
    }
}
