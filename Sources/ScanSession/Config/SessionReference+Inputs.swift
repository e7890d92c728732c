extension SessionReference {
    public static let input = SessionKeyTable(
        name: "session-input", title: "Inputs",
        summary: "Every item of 'inputs' has these keys, and those of its type.",
        keys: [
            SessionKey(
                "id", "text, required", "",
                "a word without spaces, unique across inputs and outputs; events carry it as `input`"),
            SessionKey("type", "`file` | `stdin` | `v4l2`, required", "", "what the input reads"),
        ])

    public static let fileInput = SessionKeyTable(
        name: "session-input-file", title: "Inputs: type: file",
        summary: "Image files (PNG, JPEG, WebP, PGM/PPM), decoded in parallel, their codes reported in file order. "
            + "A directory stands for every image below it (png, jpg, jpeg, webp, pgm, ppm, pnm in any case; "
            + "hidden files skipped); a pattern (*, ?, [...], **) is matched one path component at a time.",
        keys: [
            SessionKey(
                "paths", "list of text, required", "",
                "files, directories, glob patterns (relative to the working directory)"),
            SessionKey(
                "watch", "bool", "`false`",
                "keep running and decode files that appear later (inotify; hot folder); a file written again "
                    + "under a name already seen is decoded again"),
            SessionKey(
                "max_pixels", "whole number", "`100000000`", "refuse larger images (checked before decoding)"),
        ])

    public static let stdinInput = SessionKeyTable(
        name: "session-input-stdin", title: "Inputs: type: stdin",
        summary: "Raw frames back to back on standard input, as 'ffmpeg -f rawvideo' writes them.",
        keys: [
            SessionKey(["width", "height"], "whole number, required", "", "frame size in pixels (1 … 65536)"),
            SessionKey(
                "pixel_format", "required", "",
                "`gray8`, `rgb24`, `bgr24`, `rgba32`, `yuyv`, `uyvy`, `nv12`, `i420` (ffmpeg: `gray`, `rgb24`, "
                    + "`bgr24`, `rgba`, `yuyv422`, `uyvy422`, `nv12`, `yuv420p`)"),
            SessionKey(
                "stride", "whole number", "packed",
                "bytes between row starts of the first plane; NV12's chroma rows are `stride` apart, I420's "
                    + "`stride / 2`"),
            SessionKey(
                "fps", "number", "",
                "stamp frame *n* at start + *n* / `fps` seconds (a recording) instead of the time it was read"),
            SessionKey(
                "live", "bool", "`false`",
                "the source is live (a camera through ffmpeg): when decoding falls behind, older frames are "
                    + "dropped (the latest wins) so results stay current; otherwise standard input applies "
                    + "back-pressure and a recording piped in is decoded frame by frame, none dropped"),
            SessionKey(
                "drop_frames", "bool", "the value of `live`",
                "overrides whether frames are dropped when decoding falls behind (`false`: every frame is "
                    + "decoded and the writer waits)"),
        ])

    public static let v4l2Input = SessionKeyTable(
        name: "session-input-v4l2", title: "Inputs: type: v4l2",
        summary: "A camera through Video4Linux2, opened only when the session's 'authorization: camera:' and the "
            + "authorization gate allow it (Docs/camera.md).",
        keys: [
            SessionKey("device", "text", "`/dev/video0`", "the device node"),
            SessionKey(
                ["width", "height"], "whole numbers 1…65536", "1280, 720",
                "requested size; the closest size the device offers is used"),
            SessionKey(
                "pixel_format", "`gray8 yuyv uyvy nv12 i420 rgb24 bgr24 mjpeg`", "`yuyv`",
                "requested format (V4L2 GREY, YUYV, UYVY, NV12, YU12, RGB3, BGR3, MJPG); another offered one is used "
                    + "when the device lacks it"),
            SessionKey(
                "fps", "number, > 0, ≤ 1000", "highest offered",
                "requested frame rate; the closest offered rate is used"),
            SessionKey("buffers", "whole number 2…32", "4", "driver buffers for mmap streaming"),
            SessionKey(
                "controls", "mapping of control name → whole number", "none",
                "V4L2 controls set after opening, by name as `v4l2-ctl --list-ctrls` prints it "
                    + "(`focus_automatic_continuous: 0`); the old names `focus_auto`, `exposure_auto`, "
                    + "`white_balance_temperature_auto`, `exposure_absolute`, `focus_absolute`, `auto_focus_range` "
                    + "work too"),
            SessionKey(
                "stall_timeout_ms", "whole number 100…600000", "3000",
                "no frame for this long: the device is closed and reopened"),
        ])
}
