#!/usr/bin/env bash
# `make test-preview`: a stdin session with a preview output plays a stream of barcode frames; headless
# Chromium (Debian's chromium) takes a screenshot of the page, and check.py finds the drawn outlines of the
# confirmed codes (green) and the region of interest (cyan) where scanctl reported them. Writes
# .build/preview-test/preview.png (UPDATE=1 also copies it to Docs/images/preview.png for the README).
# Exit status: 0 when the pixels are right, 1 when they are not, 2 when the test itself could not run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=$repo/.build/preview-test
"$repo/scripts/install-deps.sh"
if ! command -v chromium >/dev/null; then
    [ "$(id -u)" -eq 0 ] || { echo "preview-test: run as root to install chromium" >&2; exit 2; }
    echo "preview-test: installing chromium" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
echo "preview-test: building scanctl (release)" >&2
(cd "$repo" && ${SWIFT:-swift} build -c release --product scanctl 2>&1 | tail -n 3 >&2)
scanctl=$repo/.build/release/scanctl

rm -rf "$out"
mkdir -p "$out"
"$repo/scripts/camera-test/frames.py" "$out/codes.gray8" gray8 640 480 "QRCODE:scanctl preview" "EANX:590123412345"
cat >"$out/session.yaml" <<YAML
session: preview-test
inputs:
  - { id: pipe, type: stdin, width: 640, height: 480, pixel_format: gray8 }
outputs:
  - { id: page, type: preview, port: 0, fps: 10 }
  - { id: console, type: stdout, format: jsonl, events: [confirmed] }
connections:
  - from: pipe
    to: [page, console]
    symbologies: [qrcode, ean13]
    region_of_interest: { x: 0.01, y: 0.1, width: 0.98, height: 0.8 }
    confirm_frames: 2
    deduplicate_ms: -1
YAML

# Frames at 10 per second for at most 90 s; the feeder stops when $out/stop appears.
python3 - "$out/codes.gray8" "$out/stop" <<'PY' | "$scanctl" run "$out/session.yaml" >"$out/events.jsonl" 2>"$out/scanctl.err" &
import os, sys, time
frame = open(sys.argv[1], "rb").read()
end = time.time() + 90
while time.time() < end and not os.path.exists(sys.argv[2]):
    try:
        sys.stdout.buffer.write(frame)
        sys.stdout.flush()
    except BrokenPipeError:
        break
    time.sleep(0.1)
PY
pipeline=$!
stop() { touch "$out/stop"; wait "$pipeline" || true; }
trap stop EXIT

url=
for _ in $(seq 300); do
    url=$(grep -o 'preview at http://[0-9.:]*/' "$out/scanctl.err" | cut -d' ' -f3 || true)
    [ -n "$url" ] && [ "$(grep -c '"event":"confirmed"' "$out/events.jsonl" || true)" -ge 2 ] && break
    sleep 0.2
done
if [ -z "$url" ] || [ "$(grep -c '"event":"confirmed"' "$out/events.jsonl" || true)" -lt 2 ]; then
    echo "preview-test: no preview or no confirmed codes within 60 s: $(cat "$out/scanctl.err")" >&2
    exit 2
fi
sleep 2  # a few frames of the stream with both codes confirmed
echo "preview-test: screenshot of $url" >&2
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,760 \
    --screenshot="$out/preview.png" "$url" >"$out/chromium.log" 2>&1 || {
    echo "preview-test: chromium failed: $(tail -n 5 "$out/chromium.log")" >&2
    exit 2
}
stop
trap - EXIT
set +e
python3 "$here/check.py" "$out/preview.png" "$out/events.jsonl" 640 480 0.01,0.1,0.98,0.8
verdict=$?
set -e
if [ "$verdict" -eq 0 ] && [ -n "${UPDATE:-}" ]; then
    mkdir -p "$repo/Docs/images"
    cp "$out/preview.png" "$repo/Docs/images/preview.png"
    echo "preview-test: copied the screenshot to Docs/images/preview.png" >&2
fi
exit $verdict
