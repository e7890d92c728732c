import ScanSession

extension ManPage {
    /// scanctl-session(5): every session key with its type and default.
    static var session: String {
        var out = header("SCANCTL-SESSION", section: 5, "File Formats")
        out += ".SH NAME\nscanctl-session \\- session files for scanctl run: inputs, connections, outputs\n"
        out += ".SH SYNOPSIS\n.I SESSION.yaml\n.br\n.I /etc/scanctl/NAME.yaml\n"
        out += ".SH DESCRIPTION\n"
        out += Roff.paragraph(
            "A session file tells 'scanctl run' what to read (inputs: image files and folders, raw frames on "
                + "standard input, V4L2 cameras), how to decode it (connections: symbologies, region of interest, "
                + "confirmation, de-duplication, decoder options) and where the results go (outputs: standard "
                + "output, files with rotation, webhooks with retries and a durable spool). 'scanctl validate "
                + "FILE' checks a file without opening anything and reports every problem with its line and "
                + "column; 'scanctl run FILE' checks it the same way first.")
        out += Roff.example([
            "session: dock-door-3",
            "inputs:",
            "  - { id: inbox, type: file, paths: [\"scans/**/*.png\"] }",
            "outputs:",
            "  - { id: console, type: stdout, format: text, events: [confirmed] }",
            "connections:",
            "  - { from: inbox, to: console, symbologies: [ean13, upca] }",
        ])
        out += ".SH VALUES\n"
        out += Roff.paragraph(
            "${VAR} in any text value is replaced by the environment variable VAR; an unset variable is an error, "
                + "not an empty string (use it for secrets). Booleans are true and false; numbers are written "
                + "plain (\"3\" is text), with _ allowed between digits. A single value may stand for a list "
                + "(to: console). Anchors and aliases work as in any YAML.")
        out += ".SH KEYS\n"
        for table in SessionReference.tables { out += keys(table) }
        out += ".SH EVENTS\n"
        out += Roff.paragraph(
            "Outputs receive events: detected (every read of a code in a frame), confirmed (stream inputs: the same "
                + "code in confirm_frames consecutive frames; file inputs: at once; subject to deduplicate_ms), "
                + "lost (stream inputs: a tracked code not read for lost_after_ms, or in view when the stream "
                + "ended) and error (an unreadable file, a truncated frame, a path that names nothing). As JSON "
                + "(one object per line, keys sorted) an event has the fields of 'scanctl decode --json' plus "
                + "event_id, event, session, input, frame, timestamp (RFC 3339, UTC, milliseconds), source and "
                + "track_id; error events carry message instead of the barcode fields.")
        out += ".SH FILES\n.TP\n.I PREFIX/share/scanctl/sessions\n"
        out += "Commented examples: demo.yaml, file-output.yaml, stdin-raw.yaml, webhook.yaml.\n"
        out += ".SH SEE ALSO\n\\fBscanctl\\fR(1)\n"
        return out
    }

    /// A table as a subsection: its summary, then one `.TP` per key with type and default.
    static func keys(_ table: SessionKeyTable) -> String {
        var out = ".SS " + Roff.escape(table.title) + "\n" + Roff.escape(table.summary) + "\n"
        for key in table.keys {
            let names = key.names.map { "\\fB" + Roff.escape($0) + "\\fR" }.joined(separator: ", ")
            var facts = [Roff.inline(key.type)]
            if !key.defaultText.isEmpty { facts.append("default " + Roff.inline(key.defaultText)) }
            out += ".TP\n" + names + " (" + facts.joined(separator: "; ") + ")\n"
            out += (key.meaning.isEmpty ? "" : Roff.inline(key.meaning) + "\n")
        }
        return out
    }
}
