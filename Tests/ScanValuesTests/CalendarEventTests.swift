import ScanCore
import ScanValues
import Testing

@Suite struct CalendarEventTests {
    @Test func eventWithTimeZone() {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Test//EN", "BEGIN:VEVENT", "UID:evt-42@example.com",
            #"SUMMARY:Quarterly review\, Q3"#, "DTSTART;TZID=Europe/Berlin:20250910T093000",
            "DTEND;TZID=Europe/Berlin:20250910T110000", "LOCATION:Room 4.12",
            #"DESCRIPTION:Agenda:\n1. Numbers\n2. Pl"#, " ans", #"ORGANIZER;CN="Maria Rossi":mailto:maria@example.com"#,
            "STATUS:CONFIRMED", "END:VEVENT", "END:VCALENDAR",
        ].joined(separator: "\r\n")
        let p = parsed(text)
        #expect(p.valueType == .calendarEvent)
        #expect(p.displayValue == "Quarterly review, Q3")
        #expect(p.value["summary"]?.string == "Quarterly review, Q3")
        #expect(p.value["description"]?.string == "Agenda:\n1. Numbers\n2. Plans")
        #expect(p.value["location"]?.string == "Room 4.12")
        #expect(p.value["organizer"]?.string == "maria@example.com")
        #expect(p.value["organizer_name"]?.string == "Maria Rossi")
        #expect(p.value["status"]?.string == "CONFIRMED")
        #expect(p.value["uid"]?.string == "evt-42@example.com")
        #expect(
            p.value["start"]
                == .object([
                    "year": .number(2025), "month": .number(9), "day": .number(10), "hours": .number(9),
                    "minutes": .number(30), "seconds": .number(0), "is_utc": .bool(false),
                    "time_zone": .string("Europe/Berlin"), "all_day": .bool(false),
                    "raw_value": .string("20250910T093000"),
                ]))
        #expect(p.value["end"]?["hours"]?.number == 11)
        #expect(p.value["end"]?["minutes"]?.number == 0)
    }

    @Test func allDayEvent() {
        let p = parsed(
            "BEGIN:VEVENT\nSUMMARY:Company holiday\nDTSTART;VALUE=DATE:20251224\nDTEND;VALUE=DATE:20251227\nEND:VEVENT")
        #expect(p.valueType == .calendarEvent)
        #expect(
            p.value["start"]
                == .object([
                    "year": .number(2025), "month": .number(12), "day": .number(24), "hours": .null, "minutes": .null,
                    "seconds": .null, "is_utc": .bool(false), "time_zone": .null, "all_day": .bool(true),
                    "raw_value": .string("20251224"),
                ]))
        #expect(p.value["end"]?["day"]?.number == 27)
        #expect(p.value["location"] == .null)
    }

    @Test func utcTime() {
        let p = parsed("BEGIN:VEVENT\nSUMMARY:Launch\nDTSTART:20260101T120000Z\nEND:VEVENT")
        #expect(p.value["start"]?["is_utc"]?.bool == true)
        #expect(p.value["start"]?["time_zone"]?.string == "UTC")
        #expect(p.value["end"] == .null)
    }

    @Test func brokenEventsAreText() {
        let cut = parsed("BEGIN:VEVENT\nSUMMARY:Launch\nDTSTART:20260101T120000Z")
        #expect(cut.valueType == .text)
        #expect(cut.value["reason"]?.string == "VEVENT without END:VEVENT")
        let badDate = parsed("BEGIN:VEVENT\nDTSTART:20261301\nEND:VEVENT")
        #expect(badDate.value["reason"]?.string == "DTSTART is not an iCalendar date")
    }
}
