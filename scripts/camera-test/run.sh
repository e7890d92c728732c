#!/usr/bin/env bash
# `make test-camera`: scanctl against a real V4L2 driver. Boots the current Debian kernel with the vivid
# driver under qemu, runs the freshly built scanctl inside it against /dev/video0 with barcode frames
# looped through vivid's output device, and checks the results (Docs/camera.md, "make test-camera").
# Caches the kernel and initramfs under .build/camera-test/. Needs root (apt-get, 9p as root).
# Exit status: 0 when every test passed, 1 when one failed, 2 when the harness itself broke.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=$repo/.build/camera-test
run=$cache/run
limit=${CAMERA_TEST_TIMEOUT:-600}
start=$(date +%s)

packages=(qemu-system-x86 busybox-static v4l-utils cpio kmod zstd xz-utils util-linux python3 iproute2)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" -eq 0 ] || { echo "camera-test: run as root to install ${missing[*]}" >&2; exit 2; }
    echo "camera-test: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
"$repo/scripts/install-deps.sh"

mkdir -p "$cache"
kdir=$("$here/kernel.sh" "$cache")
initramfs=$cache/initramfs-$(basename "$kdir").cpio.gz
stamp=$(cat "$here/init" "$here/initramfs.sh" | md5sum | cut -c1-12)
if [ ! -f "$initramfs" ] || [ "$(cat "$initramfs.stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "camera-test: building the initramfs" >&2
    "$here/initramfs.sh" "$kdir" "$here/init" "$initramfs"
    echo "$stamp" >"$initramfs.stamp"
fi

echo "camera-test: building scanctl (release)" >&2
(cd "$repo" && ${SWIFT:-swift} build -c release --product scanctl 2>&1 | tail -n 3 >&2)

rm -rf "$run"
mkdir -p "$run"
"$here/cases.py" prepare "$run"
# CAMERA_TEST_CASES="stall fatal-error": only these tests (names as cases.py prints them).
[ -n "${CAMERA_TEST_GDB:-}" ] && touch "$run/gdb"  # backtraces of a hanging scanctl (guest.sh)
tr ' ,' '\n\n' <<<"${CAMERA_TEST_CASES:-}" | sed '/^$/d' >"$run/cases"

echo "camera-test: booting $(basename "$kdir") under qemu (at most ${limit} s)" >&2
set +e
"$here/boot.sh" "$kdir" "$initramfs" "$run" "$repo" "$limit" | tee "$run/console.log" | grep --line-buffered '^camtest:'
boot=${PIPESTATUS[0]}
set -e
case $boot in
    0) ;;
    124) echo "camera-test: the guest did not finish within ${limit} s (console: $run/console.log)" >&2 ;;
    *) echo "camera-test: the guest failed (status $boot; console: $run/console.log)" >&2 ;;
esac

set +e
"$here/cases.py" check "$run"
verdict=$?
set -e
echo "camera-test: $(( $(date +%s) - start )) s in all; records in $run/out" >&2
if [ "$boot" -ne 0 ]; then exit 2; fi
exit $verdict
