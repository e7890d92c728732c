#!/usr/bin/env python3
"""The camera tests' data and verdicts, on the host.

    cases.py prepare RUN   writes RUN/frames (barcode frames in every format) and RUN/sessions (YAML)
    cases.py check RUN     checks what guest.sh recorded in RUN/out; prints PASS/FAIL per test;
                           exit status 0 when every test passed

guest.sh runs the steps inside the guest; everything expected of them is here.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
QR_TEXT = "scanctl vivid QR"
EAN_DATA = "590123412345"  # zint adds the check digit
EAN_VALUE = "5901234123457"
CODES = {("qrcode", QR_TEXT), ("ean13", EAN_VALUE)}
FORMATS = ["yuyv", "gray8", "uyvy", "nv12", "i420", "rgb24", "bgr24"]
FOURCC = {"yuyv": "YUYV", "gray8": "GREY", "uyvy": "UYVY", "nv12": "NV12", "i420": "YU12", "rgb24": "RGB3",
          "bgr24": "BGR3"}
HINT = ("this user may not open /dev/video0: add it to the 'video' group (sudo usermod -aG video $USER, then "
        "log in again) or give the device to it with a udev rule (Docs/camera.md)")


def flow(value):
    """`value` as YAML flow style: `{ a: 1, b: [x, y] }`."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str) and not re.fullmatch(r"[\w/.-]+", value):
        return json.dumps(value)
    return str(value)


def session(name, camera="authorized", events=("confirmed",), dedup=-1, **keys):
    """A session reading /dev/video0 into stdout as JSON lines; `keys` are extra keys of the v4l2 input."""
    cam = {"id": "cam", "type": "v4l2", "device": "/dev/video0", "width": 640, "height": 480,
           "pixel_format": "yuyv"}
    cam.update(keys)
    connection = {"from": "cam", "to": "console", "symbologies": ["qrcode", "ean13"], "confirm_frames": 2,
                  "deduplicate_ms": dedup}
    output = {"id": "console", "type": "stdout", "format": "jsonl", "events": list(events)}
    return (f"session: camtest-{name}\nauthorization: {{ camera: {camera} }}\n"
            f"inputs:\n  - {flow(cam)}\noutputs:\n  - {flow(output)}\nconnections:\n  - {flow(connection)}\n")


def preview_session():
    """A camera session with a preview output on port 8089 (and confirmed codes on stdout)."""
    return (session("preview").replace(
        "outputs:\n", "outputs:\n  - { id: page, type: preview, port: 8089, fps: 5, events: [confirmed, lost, error] }\n")
        .replace("to: console", "to: [page, console]"))


SESSIONS = {
    "yuyv": session("yuyv"),
    "latest-frame": session("latest-frame"),
    **{f"format-{f}": session(f"format-{f}", pixel_format=f) for f in FORMATS[1:]},
    "auth-denied": session("auth-denied", camera="denied"),
    "auth-ask": session("auth-ask", camera="ask"),
    "restricted": session("restricted"),
    "controls": session("controls", events=("confirmed", "error"),
                        controls={"brightness": 200, "contrast": 90, "saturation": 300, "focus_absolute": 40,
                                  "read_only_integer_32_bits": 5}),
    "stall": session("stall", events=("detected", "confirmed", "lost", "error"), stall_timeout_ms=1500),
    "fatal": session("fatal", events=("detected", "confirmed", "lost", "error"), stall_timeout_ms=1500),
    "disconnect": session("disconnect", events=("detected", "confirmed", "lost", "error")),
    "preview": preview_session(),
    "negotiate": session("negotiate", width=800, height=600, fps=24),
    "negotiate-fallback": session("negotiate-fallback", pixel_format="mjpeg", width=1280, height=720, fps=60),
}


def prepare(run):
    os.makedirs(f"{run}/frames", exist_ok=True)
    os.makedirs(f"{run}/sessions", exist_ok=True)
    for f in FORMATS:
        subprocess.run([f"{HERE}/frames.py", f"{run}/frames/codes.{f}", f, "640", "480",
                        f"QRCODE:{QR_TEXT}", f"EANX:{EAN_DATA}"], check=True)
    for name, text in SESSIONS.items():
        with open(f"{run}/sessions/{name}.yaml", "w") as f:
            f.write(text)


class Step:
    """What guest.sh recorded for one step."""

    def __init__(self, run, name):
        def read(ext):
            try:
                with open(f"{run}/out/{name}.{ext}") as f:
                    return f.read()
            except FileNotFoundError:
                return None
        self.name = name
        self.rc = int(read("rc")) if (read("rc") or "").strip() else None
        self.out = read("out") or ""
        self.err = read("err") or ""
        self.driver = read("driver") or ""
        self.streamer = read("streamer") or ""
        self.events = []
        for line in self.out.splitlines():
            try:
                self.events.append(json.loads(line))
            except ValueError:
                pass

    def codes(self, kind="confirmed"):
        return [(e.get("format"), e.get("raw_value")) for e in self.events if e.get("event") == kind]

    def errors(self):
        return [e.get("message", "") for e in self.events if e.get("event") == "error"]

    def summary(self):
        """The numbers of the summary line: frames, symbols, dropped, errors, seconds."""
        m = re.search(r"(\d+) frames, (\d+) symbols, (\d+) dropped frames, (\d+) errors, \d+ undelivered events "
                      r"\(([\d.]+) s\)", self.err)
        return tuple(float(x) for x in m.groups()) if m else None


class Verdict:
    def __init__(self):
        self.problems = []

    def expect(self, ok, what):
        if not ok:
            self.problems.append(what)

    def equal(self, got, want, what):
        self.expect(got == want, f"{what}: got {got!r}, want {want!r}")


def check_exit(v, step, want):
    v.equal(step.rc, want, f"{step.name}: exit status (stderr: {step.err.strip()[-400:]!r})")


def check_both_codes(v, step):
    """Exit status 0, and the two codes confirmed once each."""
    check_exit(v, step, 0)
    v.equal(sorted(step.codes()), sorted(CODES), f"{step.name}: confirmed codes")


def check_codes(v, step, mode_line):
    """Exactly the two codes, once each, from the camera; the chosen mode reported as information."""
    check_both_codes(v, step)
    v.equal(len(step.events), 2, f"{step.name}: events")
    for e in step.events:
        v.equal((e.get("input"), e.get("source"), e.get("session")), ("cam", "/dev/video0", f"camtest-{step.name}"),
                f"{step.name}: event origin")
    v.expect(f"scanctl: info: input 'cam': /dev/video0: {mode_line}\n" in step.err,
             f"{step.name}: no info line 'input 'cam': /dev/video0: {mode_line}' in stderr {step.err!r}")
    v.expect("scanctl: error:" not in step.err, f"{step.name}: errors on stderr: {step.err!r}")


def check_driver_format(v, step, fourcc, width, height):
    v.expect(f"Width/Height      : {width}/{height}" in step.driver and f"Pixel Format      : '{fourcc}'"
             in step.driver, f"{step.name}: driver format is not {fourcc} {width}x{height}: {step.driver!r}")


def json_lines(text):
    """One JSON object per non-empty line (scanctl devices --json)."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def t_devices(run):
    v = Verdict()
    webcam, hdmi, text = Step(run, "devices-webcam"), Step(run, "devices-hdmi"), Step(run, "devices-text")
    for s in (webcam, hdmi, text):
        check_exit(v, s, 0)
    try:  # JSON lines: one object per device
        devices = json_lines(webcam.out)
        hdevices = json_lines(hdmi.out)
    except ValueError:
        v.expect(False, f"devices --json printed no JSON: {webcam.out!r} {hdmi.out!r}")
        return v
    v.equal([d.get("path") for d in devices], ["/dev/video0"], "listed nodes (the output node is left out)")
    d = devices[0] if devices else {}
    v.equal((d.get("driver"), d.get("card"), d.get("bus_info")), ("vivid", "vivid", "platform:vivid-000"),
            "driver, card, bus")
    fmts = {f["fourcc"]: f for f in d.get("formats", [])}
    for fourcc in FOURCC.values():
        v.expect(fourcc in fmts, f"format {fourcc} not listed")
    yuyv = fmts.get("YUYV", {})
    v.equal((yuyv.get("pixel_format"), yuyv.get("emulated")), ("yuyv", False), "YUYV entry")
    v.equal([(s["width"], s["height"]) for s in yuyv.get("sizes", [])],
            [(320, 180), (640, 360), (640, 480), (1280, 720), (1920, 1080), (3840, 2160)], "webcam YUYV sizes")
    rates = {(s["width"], s["height"]): s["fps"] for s in yuyv.get("sizes", [])}
    v.equal(rates.get((640, 480)), [1, 2, 4, 5, 10, 12.5, 15, 25], "webcam YUYV 640x480 rates")
    hfmts = {f["fourcc"]: f for f in (hdevices[0] if hdevices else {}).get("formats", [])}
    for f in hfmts.values():  # 59.94047619… fps: compare to the hundredth
        if isinstance(f.get("size_range", {}).get("fps_at_max"), list):
            f["size_range"]["fps_at_max"] = [round(x, 2) for x in f["size_range"]["fps_at_max"]]
    v.equal(hfmts.get("YUYV", {}).get("size_range"),
            {"min": {"width": 16, "height": 16}, "max": {"width": 16384, "height": 8640},
             "step": {"width": 2, "height": 2}, "fps_at_max": [59.94]}, "HDMI YUYV size range")
    v.expect(text.out.startswith("/dev/video0: vivid (driver vivid, platform:vivid-000)\n  YUYV = yuyv: YUYV 4:2:2\n"),
             f"devices text: {text.out[:200]!r}")
    return v


def t_yuyv(run):
    v = Verdict()
    s = Step(run, "yuyv")
    check_codes(v, s, "yuyv 640x480 @ 59.94 fps")
    check_driver_format(v, s, "YUYV", 640, 480)
    return v


def t_latest_frame(run):
    v = Verdict()
    s = Step(run, "latest-frame")
    check_both_codes(v, s)
    numbers = s.summary()
    v.expect(numbers is not None, f"no summary line in {s.err!r}")
    if numbers:
        # Every frame is decoded or dropped; with a queue instead of the one-slot buffer, the stop would wait
        # for dozens of decodes of seconds each under TCG. The end may wait for the decode in progress and
        # the one frame in the slot.
        frames, _, dropped, _, seconds = numbers
        v.expect(dropped > 0 and frames - dropped >= 2, f"frames {frames:.0f}, dropped {dropped:.0f}")
        v.expect(seconds < 6 + 5, f"the 6 s session took {seconds} s: decoding fell behind")
    return v


def t_format(name):
    def check(run):
        v = Verdict()
        s = Step(run, f"format-{name}")
        check_codes(v, s, f"{name} 640x480 @ 59.94 fps")
        check_driver_format(v, s, FOURCC[name], 640, 480)
        return v
    check.__name__ = f"t_format_{name}"
    return check


def t_auth(run):
    v = Verdict()
    denied, ask, allowed, status = (Step(run, n) for n in ("auth-denied", "auth-ask", "auth-ask-authorized",
                                                            "auth-status"))
    for s, state in ((denied, "denied"), (ask, "not_determined")):
        check_exit(v, s, 3)
        v.equal(s.out, "", f"{s.name}: stdout")
        v.expect(f"scanctl: error: input 'cam': {state}: " in s.err, f"{s.name}: no '{state}' refusal in {s.err!r}")
        v.expect(f"no input of session 'camtest-{s.name}' could be authorized; nothing to run" in s.err,
                 f"{s.name}: stderr {s.err!r}")
        v.expect("scanctl: info:" not in s.err, f"{s.name}: the camera was opened: {s.err!r}")
        # guest.sh set GREY 320x240 before; opening the camera would have set yuyv 640x480.
        check_driver_format(v, s, "GREY", 320, 240)
    check_exit(v, allowed, 0)
    v.equal(len(allowed.codes()), 1, "--once with --authorize camera: confirmed events")
    v.expect(set(allowed.codes()) <= CODES, f"--authorize camera read {allowed.codes()}")
    check_exit(v, status, 0)
    v.equal(status.out, "camtest-auth-ask /dev/video0: not_determined (authorization: camera: ask)\n",
            "auth status after --authorize camera (nothing remembered)")
    return v


def t_restricted(run):
    v = Verdict()
    s, d = Step(run, "restricted"), Step(run, "restricted-devices")
    check_exit(v, s, 3)
    v.equal(s.out, "", "stdout")
    v.expect(f"scanctl: error: input 'cam': restricted: " in s.err and HINT in s.err,
             f"no restricted message with the hint in {s.err!r}")
    check_exit(v, d, 0)
    try:
        listed = json_lines(d.out)
    except ValueError:
        listed = None
    # Both nodes are root's 0600: without opening them, the output node cannot be told from a camera.
    v.equal(listed, [{"path": f"/dev/video{n}",
                      "error": f"/dev/video{n}: open failed: Permission denied; {HINT.replace('video0', f'video{n}')}"}
                     for n in (0, 1)], "devices as that user")
    return v


def t_controls(run):
    v = Verdict()
    s = Step(run, "controls")
    check_both_codes(v, s)
    errors = s.errors()
    v.equal(len(errors), 3, f"error events {errors}")
    v.expect("/dev/video0: control 'saturation' takes 0…255, not 300" in errors, f"saturation error: {errors}")
    v.expect("/dev/video0: control 'read_only_integer_32_bits' is read-only" in errors,
             f"read-only control error: {errors}")
    missing = [e for e in errors if e.startswith("/dev/video0 has no control 'focus_absolute' (it has: ")]
    v.expect(len(missing) == 1, f"focus_absolute error: {errors}")
    if missing:
        # Only what a session can set is offered: no read-only, string or array controls.
        listed = missing[0].split("(it has: ", 1)[1].rstrip(")").split(", ")
        v.equal(listed[:3], ["brightness", "contrast", "saturation"], "controls offered instead")
        for absent in ("read_only_integer_32_bits", "power_present", "string", "u8_pixel_array", "area"):
            v.expect(absent not in listed, f"'{absent}' offered as a control to set: {listed}")
    v.equal(s.driver, "brightness: 200\ncontrast: 90\nsaturation: 128\n", "controls read back by v4l2-ctl")
    return v


# The V4L2 control ids scanctl's preview offers (CameraControl.purposes): focus, exposure (and gain), zoom.
PREVIEW_CONTROL_IDS = {0x009a090a, 0x009a090b, 0x009a090c, 0x009a091f, 0x009a091c, 0x009a091d,  # focus
                       0x009a0901, 0x009a0902, 0x009a0903, 0x009a0913, 0x00980911, 0x00980912, 0x00980913,  # exposure
                       0x009a090d, 0x009a090e, 0x009a090f}  # zoom
SETTABLE_TYPES = {"int", "bool", "menu", "intmenu", "button"}


def driver_controls(text):
    """{key: (id, type, value, flags)} from `v4l2-ctl --list-ctrls`."""
    out = {}
    for m in re.finditer(r"^\s*(\w+) (0x[0-9a-f]{8}) \((\w+)\)\s*:(.*)$", text, re.M):
        value = re.search(r"value=(-?\d+)", m.group(4))
        flags = re.search(r"flags=(.*)$", m.group(4))
        out[m.group(1)] = (int(m.group(2), 16), m.group(3), int(value.group(1)) if value else None,
                           flags.group(1) if flags else "")
    return out


def t_preview(run):
    v = Verdict()
    s = Step(run, "preview")
    check_exit(v, s, 0)
    v.equal(sorted(set(s.codes())), sorted(CODES), "codes confirmed while the preview served")
    try:
        fetched = int(open(f"{run}/out/preview-fetch.rc").read())
    except (FileNotFoundError, ValueError):
        fetched = None
    log = open(f"{run}/out/preview-fetch.log").read() if os.path.exists(f"{run}/out/preview-fetch.log") else ""
    v.equal(fetched, 0, f"preview.py exit status (log: {log[-400:]!r})")
    if fetched != 0:
        return v
    page = open(f"{run}/out/preview.page").read()
    v.expect('<img id="stream" src="stream?connection=0"' in page and "camtest-preview" in page, "the page")
    stream = json.load(open(f"{run}/out/preview.stream.json"))
    v.equal(stream["page_type"], "text/html; charset=utf-8", "page content type")
    v.equal(stream["content_type"], "multipart/x-mixed-replace; boundary=scanctlframe", "stream content type")
    v.equal([p["size"] for p in stream["parts"]], [[640, 480], [640, 480]], "two JPEG parts of the camera's size")
    metrics = open(f"{run}/out/preview.metrics").read()
    frames = re.search(r'^scanctl_frames_total\{input="cam"\} (\d+)$', metrics, re.M)
    v.expect(frames is not None and int(frames.group(1)) > 0, f"frames in /metrics: {metrics[:300]!r}")
    for name in ('scanctl_symbols_total{format="qrcode"} ', 'scanctl_decode_seconds_count{connection="0"} ',
                 'scanctl_dropped_frames_total{input="cam",connection="0"} '):
        v.expect(name in metrics, f"{name!r} not in /metrics")
    status = json.load(open(f"{run}/out/preview.status.json"))
    cams = status.get("cameras", [])
    v.equal([(c.get("input"), c.get("device"), c.get("open")) for c in cams], [("cam", "/dev/video0", True)],
            "cameras in /status")
    driver = driver_controls(s.driver)
    want = [k for k, (cid, kind, _, flags) in driver.items()
            if cid in PREVIEW_CONTROL_IDS and kind in SETTABLE_TYPES and "read-only" not in flags]
    listed = [c.get("key") for c in (cams[0].get("controls", []) if cams else [])]
    v.equal(listed, want, "focus/exposure/zoom controls offered (as the driver lists them)")
    control = json.load(open(f"{run}/out/preview.control.json"))
    if want and control.get("asked"):
        asked = control["asked"]
        v.equal(control.get("status"), 200, f"POST /controls: {control.get('answer')}")
        answer = control.get("answer", {}).get("control", {})
        v.equal((answer.get("key"), answer.get("value")), (asked["name"], asked["value"]), "control set")
        v.equal(driver.get(asked["name"], (0, "", None, ""))[2], asked["value"], "value read back from the driver")
    else:
        v.equal(control.get("asked"), None, "no control to set")
    return v


def stream_story(v, s, failure, least=2, most=None, lost_before_failure=False):
    """Codes confirmed; then error events matching the `failure` patterns in turn (the last repeats), each
    with the back-off doubling from 250 ms; then, once the device is back, both codes lost (the gap was
    longer than lost_after_ms) and read again on new tracks."""
    check_exit(v, s, 0)
    # Chronological: error events are stamped when the input fails, code events with their frame's time
    # (decoding lags behind capture, so a frame captured before the failure may be decoded after it).
    events = sorted(s.events, key=lambda e: e.get("timestamp", ""))
    kinds = [e.get("event") for e in events]
    if "error" not in kinds:
        v.expect(False, f"no error events: {kinds}")
        return v
    first_error = kinds.index("error")
    last_error = len(kinds) - 1 - kinds[::-1].index("error")
    before, failed, after = events[:first_error], events[first_error:last_error + 1], events[last_error + 1:]
    v.equal(sorted((e.get("format"), e.get("raw_value")) for e in before if e.get("event") == "confirmed"),
            sorted(CODES), "codes confirmed before the failure")
    v.equal([e.get("event") for e in failed], ["error"] * len(failed), "events during the failure")
    v.expect(len(failed) >= least, f"error events: {[e.get('message') for e in failed]}")
    if most is not None:
        v.expect(len(failed) <= most, f"more than {most} error events: {[e.get('message') for e in failed]}")
    waits = []
    for i, e in enumerate(failed):
        pattern = failure[min(i, len(failure) - 1)] + r"; (?:reopening|retrying) in (\d+) ms \(attempt (\d+)\)"
        m = re.fullmatch(pattern, e.get("message", ""))
        v.expect(m is not None, f"error event {i + 1}: {e.get('message')!r} does not match {pattern!r}")
        if m:
            waits.append((int(m.group(1)), int(m.group(2))))
    v.equal(waits, [(min(8000, 250 << i), i + 1) for i in range(len(waits))], "back-off (ms, attempt)")
    # lost_before_failure: the step ends the codes' view itself before the failure (the loop turned off),
    # so they may be lost between their last detection and the error event as well as after it.
    last_seen = max((i for i, k in enumerate(kinds[:first_error]) if k == "detected"), default=0)
    lost = {(e.get("format"), e.get("raw_value")) for e in (events[last_seen:] if lost_before_failure else after)
            if e.get("event") == "lost"}
    read = {(e.get("format"), e.get("raw_value")) for e in after if e.get("event") == "detected"}
    v.equal(lost, CODES, "codes lost over the gap")
    v.equal(read, CODES, "codes read after the device is back")
    old_tracks = {e.get("track_id") for e in before}
    v.expect(not any(e.get("track_id") in old_tracks for e in after if e.get("event") == "detected"),
             "codes after the gap continue old tracks")
    return v


def t_stall(run):
    v = Verdict()
    return stream_story(v, Step(run, "stall"), [r"no frame for \d+ ms \(stall_timeout_ms: 1500\)"])


def t_fatal(run):
    v = Verdict()
    s = Step(run, "fatal")
    # Whichever of poll, DQBUF and QBUF meets the queue's error state first reports it; the first reopen
    # works (the error state ends with the stream), so exactly one error event.
    stream_story(v, s, [r"/dev/video0: (?:(?:VIDIOC_DQBUF|VIDIOC_QBUF) failed: Input/output error"
                        r"|poll failed: Input/output error \(the driver reported an error on the stream\))"],
                 least=1, most=1, lost_before_failure=True)
    v.equal(s.streamer.strip(), "ended", "the looping output after the error (vivid fails its queue too)")
    return v


def t_disconnect(run):
    v = Verdict()
    # vivid registers the node again as soon as scanctl closed it: the first reopen usually works.
    return stream_story(v, Step(run, "disconnect"), [r"/dev/video0: \w+ failed: No such device(?: \(.*\))?"],
                        least=1)


def t_negotiate(run):
    v = Verdict()
    s, f = Step(run, "negotiate"), Step(run, "negotiate-fallback")
    for step, line, fourcc, size, fps in (
            (s, "yuyv 640x480 @ 25 fps (800x600 is not offered, closest size chosen; 24 fps is not offered, "
                "closest rate chosen)", "YUYV", (640, 480), "25.000"),
            (f, "gray8 1280x720 @ 12.5 fps (mjpeg is not offered; 60 fps is not offered, closest rate chosen)",
             "GREY", (1280, 720), "12.500")):
        check_exit(v, step, 0)
        v.expect(f"scanctl: info: input 'cam': /dev/video0: {line}\n" in step.err,
                 f"{step.name}: no info line '{line}' in {step.err!r}")
        check_driver_format(v, step, fourcc, *size)
        v.expect(f"Frames per second: {fps}" in step.driver, f"{step.name}: driver rate {step.driver!r}")
        numbers = step.summary()
        v.expect(numbers is not None and numbers[0] > 0, f"{step.name}: no frames: {step.err!r}")
    return v


TESTS = [
    ("devices", "scanctl devices lists vivid's capture node: driver, card, formats, sizes, rates", t_devices),
    ("yuyv", "YUYV 640x480 through the HDMI loop: the QR code and the EAN-13, exactly", t_yuyv),
    ("latest-frame", "decoding slower than 60 fps drops frames and ends on time", t_latest_frame),
    *[(f"format-{f}", f"{f} ({FOURCC[f]}) through the loop: both codes", t_format(f)) for f in FORMATS[1:]],
    ("authorization", "denied and ask without a terminal exit 3 without opening; --authorize camera runs", t_auth),
    ("restricted", "a node this user may not open: restricted, with how to fix it", t_restricted),
    ("controls", "controls from the session are set; unknown and out-of-range ones are error events", t_controls),
    ("preview", "a camera session's preview: page, MJPEG, metrics, status, a control set from the page", t_preview),
    ("stall", "no frames for stall_timeout_ms: error events, reopen with back-off, codes again", t_stall),
    ("fatal-error", "a fatal streaming error (EIO): an error event, reopened, codes again", t_fatal),
    ("disconnect", "the device unplugged (ENODEV) and back: error events with back-off, reopened, codes again",
     t_disconnect),
    ("negotiate", "a size, rate and format the device lacks: the closest mode, reported", t_negotiate),
]


def check(run):
    failed = 0
    try:
        with open(f"{run}/cases") as f:
            chosen = set(f.read().split())
    except FileNotFoundError:
        chosen = set()
    tests = [t for t in TESTS if not chosen or t[0] in chosen]
    for name, what, test in tests:
        try:
            problems = test(run).problems
        except Exception as e:  # a broken record is a failed test, not a broken harness
            problems = [f"{type(e).__name__}: {e}"]
        if problems:
            failed += 1
            print(f"FAIL {name}: {what}")
            for p in problems:
                print(f"       {p}")
        else:
            print(f"PASS {name}: {what}")
    print(f"{len(tests) - failed} of {len(tests)} camera tests passed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("prepare", "check"):
        sys.exit(__doc__)
    if sys.argv[1] == "prepare":
        prepare(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2]))
