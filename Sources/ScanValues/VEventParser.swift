import ScanCore

/// `calendar_event` from an iCalendar VEVENT (RFC 5545), alone or inside a VCALENDAR.
///
/// ```swift
/// VEventParser.parse("BEGIN:VEVENT\nSUMMARY:Standup\nDTSTART;TZID=Europe/Berlin:20250310T093000\nEND:VEVENT")
/// // {"summary": "Standup", "start": {"year": 2025, "month": 3, "day": 10, "hours": 9, "minutes": 30,
/// //   "seconds": 0, "is_utc": false, "time_zone": "Europe/Berlin", "all_day": false,
/// //   "raw_value": "20250310T093000"}, …}   display "Standup"
/// ```
///
/// Dates: `YYYYMMDD` (all day, `VALUE=DATE` or just eight digits: `hours`/`minutes`/`seconds` null),
/// `YYYYMMDDTHHMMSS` (local or with `TZID`), `…Z` (UTC). `organizer` is the address without `mailto:`
/// (its `CN` in `organizer_name`). A VEVENT without `END:VEVENT`, or with a DTSTART/DTEND that is not a
/// date, is malformed.
enum VEventParser {
    static func parse(_ s: String) -> ParsedOutcome {
        var inEvent = false
        var ended = false
        var props: [String: ContentLine] = [:]
        for entry in ContentLines.parse(s) {
            guard let line = entry else { return .malformed("iCalendar line without ':'") }
            if line.name == "BEGIN" && line.value.uppercased() == "VEVENT" {
                inEvent = true
                continue
            }
            if line.name == "END" && line.value.uppercased() == "VEVENT" {
                ended = inEvent
                break
            }
            if inEvent, props[line.name] == nil { props[line.name] = line }
        }
        guard inEvent else { return .malformed("iCalendar without BEGIN:VEVENT") }
        guard ended else { return .malformed("VEVENT without END:VEVENT") }
        func text(_ name: String) -> String? {
            props[name].map { ContentLines.unescape($0.value).trimmingEdges() }?.nonEmpty
        }
        var start: JSONValue = .null
        var end: JSONValue = .null
        if let p = props["DTSTART"] {
            guard let d = dateTime(p) else { return .malformed("DTSTART is not an iCalendar date") }
            start = d
        }
        if let p = props["DTEND"] ?? props["DUE"] {
            guard let d = dateTime(p) else { return .malformed("DTEND is not an iCalendar date") }
            end = d
        }
        var organizer = text("ORGANIZER")
        if let o = organizer, o.lowercased().hasPrefix("mailto:") { organizer = String(o.dropFirst(7)) }
        let summary = text("SUMMARY")
        let o: [String: JSONValue] = [
            "summary": .text(summary), "description": .text(text("DESCRIPTION")), "location": .text(text("LOCATION")),
            "organizer": .text(organizer), "organizer_name": .text(props["ORGANIZER"]?.parameter("CN")),
            "status": .text(text("STATUS")), "start": start, "end": end,
            "duration": .text(text("DURATION")), "uid": .text(text("UID")),
        ]
        return .parsed(
            ParsedValue(
                valueType: .calendarEvent, value: .object(o), displayValue: summary ?? text("DESCRIPTION") ?? ""))
    }

    /// ML Kit's CalendarDateTime fields plus `time_zone` and `all_day`.
    static func dateTime(_ line: ContentLine) -> JSONValue? {
        let raw = line.value.trimmingEdges()
        let u = Array(raw.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= u.count else { return nil }
            return digitsValue(String(decoding: u[from..<(from + count)], as: UTF8.self))
        }
        guard u.count >= 8, let year = num(0, 4), let month = num(4, 2), let day = num(6, 2),
            isoDate(year: year, month: month, day: day) != nil
        else { return nil }
        var o: [String: JSONValue] = [
            "year": .int(year), "month": .int(month), "day": .int(day), "raw_value": .string(raw),
            "time_zone": .text(line.parameter("TZID")),
        ]
        if u.count == 8 {
            o["hours"] = .null
            o["minutes"] = .null
            o["seconds"] = .null
            o["is_utc"] = .bool(false)
            o["all_day"] = .bool(true)
            return .object(o)
        }
        guard u.count == 15 || (u.count == 16 && u[15] == UInt8(ascii: "Z")), u[8] == UInt8(ascii: "T"),
            let h = num(9, 2), let m = num(11, 2), let sec = num(13, 2), h < 24, m < 60, sec <= 60
        else { return nil }
        o["hours"] = .int(h)
        o["minutes"] = .int(m)
        o["seconds"] = .int(sec)
        o["is_utc"] = .bool(u.count == 16)
        o["all_day"] = .bool(false)
        if u.count == 16 { o["time_zone"] = .string("UTC") }
        return .object(o)
    }
}
