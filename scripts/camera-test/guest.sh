#!/bin/bash
# Runs inside the qemu guest, chrooted into the host's root (shared read-only; RUN is the writable share):
# drives vivid and scanctl through each test step and records what happened as RUN/out/STEP.{out,err,rc}.
# It asserts nothing: cases.py checks the records on the host afterwards.
#   guest.sh RUN REPO
set -uo pipefail
run=$1 repo=$2
scanctl=$repo/.build/release/scanctl
cap=/dev/video0 out=/dev/video1
mkdir -p "$run/out"
export XDG_STATE_HOME=/tmp/state HOME=/tmp PATH=/usr/sbin:/usr/bin:/sbin:/bin
streamer=

say() { echo "camtest: $*"; }

# step NAME COMMAND…: runs COMMAND with standard input from /dev/null (no terminal), recording its output.
step() {
    local name=$1
    shift
    local t0=$(date +%s%N)
    "$@" </dev/null >"$run/out/$name.out" 2>"$run/out/$name.err"
    echo $? >"$run/out/$name.rc"
    say "$name: exit $(cat "$run/out/$name.rc") after $((($(date +%s%N) - t0) / 1000000)) ms"
}

# background NAME COMMAND…: starts a step in the background; `finish NAME` stops it with SIGINT.
background() {
    local name=$1
    shift
    "$@" </dev/null >"$run/out/$name.out" 2>"$run/out/$name.err" &
    bg_pid=$!
}
finish() {
    local t0=$(date +%s%N) i
    kill -INT "$bg_pid"
    # A scanctl that does not end within 30 s of SIGINT hangs: its threads are recorded, it is killed and
    # the step fails (exit status 137).
    for ((i = 0; i < 150; i++)); do kill -0 "$bg_pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$bg_pid" 2>/dev/null; then
        threads "$1" "$bg_pid"
        kill -KILL "$bg_pid"
    fi
    wait "$bg_pid"
    echo $? >"$run/out/$1.rc"
    echo $((($(date +%s%N) - t0) / 1000000)) >"$run/out/$1.stop_ms"
    say "$1: exit $(cat "$run/out/$1.rc") $((($(date +%s%N) - t0) / 1000000)) ms after SIGINT"
}

# wait_for STEP TEXT COUNT SECONDS [SKIP]: waits until STEP's standard output has COUNT lines containing
# TEXT (after its first SKIP lines).
wait_for() {
    local deadline=$((SECONDS + $4))
    while [ $SECONDS -lt $deadline ]; do
        [ "$(tail -n +$((${5:-0} + 1)) "$run/out/$1.out" | grep -cF -- "$2")" -ge "$3" ] && return 0
        sleep 0.2
    done
    say "$1: timed out waiting for $3 lines with '$2'"
    return 1
}
lines() { wc -l <"$run/out/$1.out"; }

# threads STEP PID: where each thread of PID is (name, state, CPU ticks, system call) into STEP.threads.
threads() {
    local t
    for t in /proc/$2/task/*; do
        echo "$(cat $t/comm): $(awk '{ print "state " $3 ", utime " $14 ", stime " $15 }' $t/stat), wchan $(cat $t/wchan), syscall $(cut -d' ' -f1 $t/syscall)"
    done >>"$run/out/$1.threads" 2>&1
    [ -n "${CAMERA_TEST_GDB:-}" ] && timeout 120 gdb -p "$2" -batch -ex "thread apply all bt 25" >>"$run/out/$1.gdb" 2>&1
}

# want TEST: whether TEST (a name of cases.py's TESTS) is to run: all of them unless RUN/cases lists some.
[ -f "$run/gdb" ] && CAMERA_TEST_GDB=1
want() { [ ! -s "$run/cases" ] || grep -qxF "$1" "$run/cases"; }

# Capture state as the driver holds it, after a step: format, rate, controls.
record() { v4l2-ctl -d $cap --get-fmt-video --get-parm --get-input >"$run/out/$1.driver" 2>&1; }

stop_output() {
    [ -n "$streamer" ] && kill "$streamer" 2>/dev/null && wait "$streamer" 2>/dev/null
    streamer=
}

# loop FOURCC FRAME: the HDMI output streams FRAME over and over in FOURCC 640x480, looped to capture.
loop() {
    stop_output
    v4l2-ctl -d $out --set-fmt-video-out=width=640,height=480,pixelformat="$1"
    local size=$(v4l2-ctl -d $out --get-fmt-video-out | awk -F: '/Size Image/ { print $2 + 0 }')
    [ "$size" = "$(stat -c %s "$2")" ] || say "FRAME SIZE MISMATCH: $2 has $(stat -c %s "$2") bytes, sizeimage $size"
    v4l2-ctl -d $out --stream-out-mmap --stream-from="$2" --stream-loop >/dev/null 2>&1 &
    streamer=$!
    sleep 1
}

webcam() { v4l2-ctl -d $cap --set-input=0 >/dev/null; }
hdmi() {
    v4l2-ctl -d $cap --set-input=1 >/dev/null
    v4l2-ctl -d $cap --set-dv-bt-timings index=0 >/dev/null
    v4l2-ctl -d $out --set-output=0 --set-dv-bt-timings index=0 >/dev/null
    # Frames that are not looped (before the output streams, the webcam input) are plain white: cheap to
    # decode, unlike vivid's colour bars with text.
    v4l2-ctl -d $cap --set-ctrl loop_video=1,osd_text_mode=2,test_pattern=6
}

session() { echo "$run/sessions/$1.yaml"; }

say "kernel $(uname -r), $(nproc) CPUs; devices: $(ls /dev/video* | tr '\n' ' ')"
# The looping output reads its frame file again for every frame: keep it off 9p.
cp -r "$run/frames" /tmp/frames

# 1. Devices: the webcam input lists discrete sizes and rates, the HDMI input a stepwise range.
if want devices; then
    webcam
    step devices-webcam "$scanctl" devices --json
fi
hdmi
if want devices; then
    step devices-hdmi "$scanctl" devices --json
    step devices-text "$scanctl" devices
fi

# 2. YUYV 640x480 from the looped HDMI input: a QR code and an EAN-13.
loop YUYV "/tmp/frames/codes.yuyv"
if want yuyv; then
    step yuyv "$scanctl" run --max-events 2 --duration 90 "$(session yuyv)"
    record yuyv
fi
# Decoding slower than 60 fps: frames are dropped, the session still ends on time.
want latest-frame && step latest-frame "$scanctl" run --duration 6 "$(session latest-frame)"

# 3. Every other format scanctl reads, on both sides of the loop.
for f in GREY:gray8 UYVY:uyvy NV12:nv12 YU12:i420 RGB3:rgb24 BGR3:bgr24; do
    want "format-${f#*:}" || continue
    loop "${f%%:*}" "/tmp/frames/codes.${f#*:}"
    step "format-${f#*:}" "$scanctl" run --max-events 2 --duration 90 "$(session "format-${f#*:}")"
    record "format-${f#*:}"
done

# 4. Authorization. The capture format is set to something scanctl would change: it must stay.
loop YUYV "/tmp/frames/codes.yuyv"
if want authorization; then
    v4l2-ctl -d $cap --set-fmt-video=width=320,height=240,pixelformat=GREY
    step auth-denied "$scanctl" run --duration 20 "$(session auth-denied)"
    record auth-denied
    step auth-ask "$scanctl" run --duration 20 "$(session auth-ask)"
    record auth-ask
    step auth-ask-authorized "$scanctl" run --once --duration 90 --authorize camera "$(session auth-ask)"
    step auth-status "$scanctl" auth status "$(session auth-ask)"
fi

# 5. Restricted: the node is root's, mode 0600; an ordinary user may not open it.
if want restricted; then
    chmod 0600 $cap
    mkdir -p /tmp/nobody && chown 65534:65534 /tmp/nobody
    as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups env XDG_STATE_HOME=/tmp/nobody HOME=/tmp/nobody "$@"; }
    step restricted as_nobody "$scanctl" run --duration 20 "$(session restricted)"
    step restricted-devices as_nobody "$scanctl" devices --json
fi

# 6. Controls from the session, read back from the driver afterwards.
if want controls; then
    step controls "$scanctl" run --max-events 2 --duration 90 "$(session controls)"
    v4l2-ctl -d $cap --get-ctrl brightness,contrast,saturation >"$run/out/controls.driver" 2>&1
    v4l2-ctl -d $cap --set-ctrl brightness=256,contrast=128
fi

# 6b. The preview page of a camera session, fetched from inside the guest over loopback: the page, two
# MJPEG parts, the metrics, the status with the camera's focus/exposure/zoom controls, one control set
# through the page's POST /controls and read back from the driver.
if want preview; then
    ip link set lo up
    background preview "$scanctl" run --duration 120 "$(session preview)"
    wait_for preview '"event":"confirmed"' 2 90
    python3 "$repo/scripts/camera-test/preview.py" "$run/out/preview" 8089 >"$run/out/preview-fetch.log" 2>&1
    echo $? >"$run/out/preview-fetch.rc"
    v4l2-ctl -d $cap --list-ctrls >"$run/out/preview.driver" 2>&1
    finish preview
fi

# 7. A stall: the driver drops every buffer (percentage_of_dropped_buffers=100) until scanctl has
# reported the stall twice (the first, and again after a reopen), then delivers again: codes are read again.
if want stall; then
    background stall "$scanctl" run --duration 120 "$(session stall)"
    wait_for stall '"event":"confirmed"' 2 60
    v4l2-ctl -d $cap --set-ctrl percentage_of_dropped_buffers=100
    wait_for stall 'no frame for' 2 30
    v4l2-ctl -d $cap --set-ctrl percentage_of_dropped_buffers=0
    wait_for stall '"event":"detected"' 2 60 "$(lines stall)"
    finish stall
fi

# 7b. A fatal streaming error: vivid's inject_fatal_streaming_error puts every streaming queue of the device
# in its error state, the looping output's as well as the capture's: the capture's next DQBUF, QBUF or
# poll fails with EIO, and the output streamer (v4l2-ctl) ends. scanctl reports the failure, reopens and
# reads the codes again once the output streams again. As in step 8, the loop is off while the output is
# down: a capture looped from a stopped output is noise, which takes the decoders minutes under TCG.
if want fatal-error; then
    background fatal "$scanctl" run --duration 120 "$(session fatal)"
    wait_for fatal '"event":"confirmed"' 2 60
    v4l2-ctl -d $cap --set-ctrl loop_video=0
    v4l2-ctl -d $cap --set-ctrl inject_fatal_streaming_error=1
    wait_for fatal '"event":"error"' 1 30
    for ((i = 0; i < 25; i++)); do kill -0 "$streamer" 2>/dev/null || break; sleep 0.2; done
    { kill -0 "$streamer" 2>/dev/null && echo "running" || echo "ended"; } >"$run/out/fatal.streamer"
    loop YUYV "/tmp/frames/codes.yuyv"
    v4l2-ctl -d $cap --set-ctrl loop_video=1
    wait_for fatal '"event":"detected"' 2 60 "$(lines fatal)"
    finish fatal
    if [ -n "${CAMERA_TEST_GDB:-}" ]; then
        # What the capture delivers when it loops from an output that is not streaming.
        stop_output
        v4l2-ctl -d $cap --stream-mmap --stream-count=3 --stream-to="$run/out/fatal-unlooped.yuyv" >/dev/null 2>&1
        loop YUYV "/tmp/frames/codes.yuyv"
    fi
fi

# 8. The device disappears: vivid's disconnect button unregisters its nodes as an unplug does (every
# ioctl fails with ENODEV) and registers them again once their last user has closed them. scanctl reports
# it, closes, retries with back-off and reads the codes again once the output streams again.
# The loop is off while the output is down: looping nothing captures noise, which takes the decoders
# seconds per frame natively and minutes under TCG; the test pattern (white) is captured instead.
if want disconnect; then
    background disconnect "$scanctl" run --duration 120 "$(session disconnect)"
    wait_for disconnect '"event":"confirmed"' 2 60
    v4l2-ctl -d $cap --set-ctrl loop_video=0
    v4l2-ctl -d $cap --set-ctrl disconnect=1
    wait_for disconnect 'No such device' 1 30
    stop_output
    for ((i = 0; i < 60; i++)); do v4l2-ctl -d $out --get-fmt-video-out >/dev/null 2>&1 && break; sleep 0.5; done
    say "disconnect: the output node answers again after $i retries"
    loop YUYV "/tmp/frames/codes.yuyv"
    v4l2-ctl -d $cap --set-ctrl loop_video=1
    wait_for disconnect '"event":"detected"' 2 60 "$(lines disconnect)"
    finish disconnect
fi
stop_output

# 9. Mode negotiation on the webcam input (discrete sizes and rates, no loop).
if want negotiate; then
    webcam
    step negotiate "$scanctl" run --duration 4 "$(session negotiate)"
    record negotiate
    step negotiate-fallback "$scanctl" run --duration 4 "$(session negotiate-fallback)"
    record negotiate-fallback
fi
say "done"
