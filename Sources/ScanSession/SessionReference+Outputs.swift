extension SessionReference {
    public static let output = SessionKeyTable(
        name: "session-output", title: "Outputs",
        summary: "Every item of 'outputs' has these keys, and those of its type.",
        keys: [
            SessionKey("id", "text, required", "", "a word without spaces, unique across inputs and outputs"),
            SessionKey("type", "`stdout` | `file` | `webhook`, required", "", "where the events go"),
            SessionKey(
                "events", "list of `detected`, `confirmed`, `lost`, `error`", "`[detected, confirmed, lost]`",
                "the event kinds this output receives (errors always go to stderr too)"),
        ])

    public static let stdoutOutput = SessionKeyTable(
        name: "session-output-stdout", title: "Outputs: type: stdout",
        summary: "One line per event on standard output.",
        keys: [
            SessionKey(
                "format", "`jsonl` | `text` | `raw`", "`jsonl`",
                "`text` prints `ORIGIN: FORMAT: VALUE` (ORIGIN: the file, or `INPUT frame N`; line breaks escaped; "
                    + "`lost: …`, `error: SOURCE: MESSAGE`); `raw` prints each confirmed payload as it is and "
                    + "nothing else (`scanctl run --raw` sets it)")
        ])

    public static let fileOutput = SessionKeyTable(
        name: "session-output-file", title: "Outputs: type: file",
        summary: "Appends one line per event with one write call, and syncs the file at the end. The directory "
            + "must exist.",
        keys: [
            SessionKey("path", "text, required", "", "the file"),
            SessionKey("format", "`jsonl` | `csv`", "`csv` if the path ends in `.csv`, else `jsonl`", ""),
            SessionKey(
                "rotate_bytes", "whole number ≥ 1024", "no rotation",
                "before the file would grow past this size it becomes `PATH.1` (older ones shift to `.2` …) and a "
                    + "new file starts"),
            SessionKey("keep", "whole number", "`5`", "rotated files kept; the oldest is removed"),
        ])

    public static let webhookOutput = SessionKeyTable(
        name: "session-output-webhook", title: "Outputs: type: webhook",
        summary: "HTTP(S) POST of events as JSON, with retries, back-off and a durable spool; delivery is at "
            + "least once (receivers drop duplicates by event_id).",
        keys: [
            SessionKey("url", "text, required", "", "`http://` or `https://`"),
            SessionKey("headers", "mapping", "", "extra request headers; use `${VAR}` for secrets"),
            SessionKey(
                "batch_size", "whole number", "`1`",
                "events per request: 1 posts one JSON object, more post a JSON array of up to this many"),
            SessionKey(
                "timeout_ms", "whole number", "`5000`",
                "deadline of one request, enforced to the millisecond (URLSession alone truncates to whole seconds)"),
            SessionKey("retry.attempts", "whole number ≥ 1", "`5`", "attempts per round"),
            SessionKey(
                "retry.backoff_ms", "whole number", "`250`",
                "wait after the first failed attempt; doubles after each further one"),
            SessionKey(
                "retry.max_backoff_ms", "whole number", "`30000`", "cap of the back-off, and the pause between rounds"),
            SessionKey(
                "spool", "text", "none",
                "directory for undelivered events (created if missing); kept across restarts (under the systemd "
                    + "unit: below /var/lib/scanctl)"),
        ])
}
