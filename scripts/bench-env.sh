#!/usr/bin/env bash
# Prepares the Python environment `make bench` compares against: a virtual environment in
# .build/bench-venv with zxing-cpp, pyzbar (+ Debian's libzbar0), Pillow and numpy. Idempotent.
set -euo pipefail
venv=.build/bench-venv
if ! dpkg-query -W -f='${Status}' libzbar0 2>/dev/null | grep -q "install ok installed"; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libzbar0 >/dev/null
fi
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import zxingcpp, pyzbar.pyzbar, PIL, numpy" 2>/dev/null; then
    "$venv/bin/pip" install -q --disable-pip-version-check zxing-cpp pyzbar pillow numpy
fi
