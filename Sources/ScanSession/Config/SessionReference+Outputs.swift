extension SessionReference {
    public static let output = SessionKeyTable(
        name: "session-output", title: "Outputs",
        summary: "Every item of 'outputs' has these keys, and those of its type.",
        keys: [
            SessionKey("id", "text, required", "", "a word without spaces, unique across inputs and outputs"),
            SessionKey("type", "`stdout` | `file` | `webhook` | `preview`, required", "", "where the events go"),
            SessionKey(
                "events", "list of `detected`, `confirmed`, `lost`, `error`",
                "`[detected, confirmed, lost]`; a preview: `[confirmed, lost, error]`",
                "the event kinds this output receives (errors always go to stderr too)"),
        ])

    public static let stdoutOutput = SessionKeyTable(
        name: "session-output-stdout", title: "Outputs: type: stdout",
        summary: "One line per event on standard output.",
        keys: [
            SessionKey(
                "format", "`jsonl` | `text` | `raw`", "`jsonl`",
                "`text` prints `ORIGIN: FORMAT: VALUE` (ORIGIN: the file, or `INPUT frame N`; line breaks escaped; "
                    + "`lost: …`, `error: SOURCE: MESSAGE`, and `confirmed: …` when `events` holds `detected` too); "
                    + "`raw` prints each confirmed payload as it is and "
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
            + "least once (receivers drop duplicates by event_id). Failures that can heal (network errors, "
            + "timeouts, 401, 403, 404, 408, 409, 425, 429, 5xx) keep the events spooled and are retried with "
            + "back-off while the session runs; rejected payloads (400, 413, 422) go to SPOOL.dead-letter.jsonl. "
            + "stderr says once per change why delivery stopped and when it resumed (URLs redacted).",
        keys: [
            SessionKey("url", "text, required", "", "`http://` or `https://`"),
            SessionKey("headers", "mapping", "", "extra request headers; use `${VAR}` for secrets"),
            SessionKey(
                "batch_size", "whole number", "`1`",
                "events per request: 1 posts one JSON object, more post a JSON array of up to this many"),
            SessionKey(
                "timeout_ms", "whole number", "`5000`",
                "deadline of one request, enforced to the millisecond (URLSession alone truncates to whole seconds)"),
            SessionKey(
                "retry.attempts", "whole number ≥ 1", "`5`",
                "failed attempts in a row that end delivery once the session is ending (one when delivery was "
                    + "already failing)"),
            SessionKey(
                "retry.backoff_ms", "whole number", "`250`",
                "wait after the first failed attempt; doubles after each further one"),
            SessionKey(
                "retry.max_backoff_ms", "whole number", "`30000`", "cap of the back-off"),
            SessionKey(
                "spool", "text", "none",
                "directory for undelivered events (created if missing, mode `0700`, files `0600`); kept across "
                    + "restarts (under the systemd unit: below /var/lib/scanctl); without one, events left "
                    + "undelivered make the run exit 1"),
        ])

    public static let previewOutput = SessionKeyTable(
        name: "session-output-preview", title: "Outputs: type: preview",
        summary: "A web page of the running session: the live frames with each code's outline (amber detected, "
            + "green confirmed, red lost) and the region of interest, the last events, the camera's focus, "
            + "exposure and zoom controls; /stream (MJPEG), /events (Server-Sent Events), /metrics (Prometheus), "
            + "/status, /controls (Docs/preview.md). It never slows decoding.",
        keys: [
            SessionKey(
                "address", "text", "`127.0.0.1`",
                "IPv4 or IPv6 address to listen on (`0.0.0.0`, `::`: every interface)"),
            SessionKey(
                "port", "whole number 0…65535", "`8080`",
                "TCP port; `0`: any free one (printed as `info: output 'ID': preview at http://…/`)"),
            SessionKey(
                "fps", "number 0.1…60", "`10`",
                "the most frames per second `/stream` sends (the latest decoded frame; the others are skipped)"),
            SessionKey("quality", "whole number 1…100", "`75`", "JPEG quality"),
            SessionKey(
                ["auth.user", "auth.password"], "text", "none",
                "HTTP basic authentication on every path; the password must be written `\"${VAR}\"` (an error "
                    + "otherwise) and is never printed"),
            SessionKey(
                "history", "whole number 0…10000", "`50`",
                "events kept for the page and sent first to each new `/events` client"),
            SessionKey(
                "show_lost_ms", "whole number 0…600000", "`1500`",
                "how long a lost code stays drawn where it was last seen"),
        ])
}
