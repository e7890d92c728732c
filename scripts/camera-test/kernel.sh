#!/usr/bin/env bash
# Downloads the current Debian kernel image package (the one linux-image-amd64 depends on) and unpacks it
# under CACHE/<package>/tree without installing it; runs depmod there. Prints that directory.
# The version is never hard-coded: a new Debian kernel gives a new directory.
#   kernel.sh CACHE
set -euo pipefail
cache=$1
package() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ { print $2; exit }'; }
pkg=$(package)
if [ -z "$pkg" ]; then
    apt-get update -qq >&2
    pkg=$(package)
fi
[ -n "$pkg" ] || { echo "kernel.sh: apt-cache names no linux-image-amd64 dependency" >&2; exit 1; }
dir=$cache/$pkg
if [ ! -f "$dir/.unpacked" ]; then
    echo "camera-test: downloading and unpacking $pkg" >&2
    rm -rf "$dir"
    mkdir -p "$dir"
    # apt warns that root downloads unsandboxed into a folder _apt cannot write; that is harmless here.
    (cd "$dir" && apt-get download -qq "$pkg" 2>&1 | grep -v 'unsandboxed' >&2 || true)
    deb=$(ls "$dir"/*.deb)
    dpkg-deb -x "$deb" "$dir/tree"
    rm -f "$deb"
    version=$(ls "$dir/tree/lib/modules")
    depmod -b "$dir/tree" "$version"
    touch "$dir/.unpacked"
fi
echo "$dir"
