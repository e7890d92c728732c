#!/usr/bin/env bash
# Builds scanctl_VERSION_ARCH.deb with dpkg-deb (make deb; Docs/install.md):
#   - scanctl built in release mode with the Swift runtime and Foundation linked in statically, so the
#     package needs no Swift toolchain; its build lives in .build/deb;
#   - the files of 'make install PREFIX=/usr' (man pages gzipped, as Debian wants);
#   - Depends: from the shared libraries the binary links (dpkg-shlibdeps), e.g. libpng16-16, libturbojpeg0;
#   - postinst creates the system user scanctl (in the video group) for scanctl@.service.
# VERSION is PackageVersion.current in Sources/ScanCore/Model/PackageVersion.swift, the one place it is written.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
version=$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' Sources/ScanCore/Model/PackageVersion.swift)
[ -n "$version" ] || { echo "make-deb: no version in Sources/ScanCore/Model/PackageVersion.swift" >&2; exit 1; }
arch=$(dpkg --print-architecture)
for tool in dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "make-deb: $tool is missing (apt-get install dpkg-dev)" >&2; exit 1; }
done

scratch=.build/deb
"$swift" build -c release --product scanctl --static-swift-stdlib --scratch-path "$scratch"
binary="$scratch/release/scanctl"

stage=$(mktemp -d "${TMPDIR:-/tmp}/scanctl-deb.XXXXXX")
trap 'rm -rf "$stage"' EXIT
root="$stage/root"
make --no-print-directory install-files DESTDIR="$root" PREFIX=/usr SCANCTL="$binary" >/dev/null
strip --strip-unneeded "$root/usr/bin/scanctl"
gzip -9n "$root/usr/share/man/man1/scanctl.1" "$root/usr/share/man/man5/scanctl-session.5"
install -d "$root/usr/share/doc/scanctl"
install -m 644 README.md "$root/usr/share/doc/scanctl/README.md"
cp -r Docs "$root/usr/share/doc/scanctl/Docs"
chmod -R u=rwX,go=rX "$root/usr/share/doc/scanctl"

# Dependencies from the libraries the binary needs (dpkg-shlibdeps wants a debian/control to exist).
mkdir -p "$stage/shlibs/debian"
printf 'Source: scanctl\n\nPackage: scanctl\nArchitecture: any\n' >"$stage/shlibs/debian/control"
depends=$(cd "$stage/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/scanctl" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

install -d "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: scanctl
Version: $version
Architecture: $arch
Maintainer: scanctl developers <scanctl@localhost>
Installed-Size: $size
Depends: $depends
Recommends: systemd, fonts-dejavu-core
Section: utils
Priority: optional
Homepage: https://github.com/scanctl/scanctl
Description: barcode scanning for Linux: images, cameras, raw video, sessions
 scanctl decodes EAN/UPC, Code 128, Code 39, Code 93, Codabar, ITF, QR Code,
 Data Matrix, PDF417 and Aztec symbols in PNG, JPEG, WebP and PGM/PPM images,
 V4L2 cameras and raw video on standard input, and says what each payload is
 (URL, Wi-Fi network, contact, GS1 element string, product number ...).
 Session files wire inputs through decoding to standard output, files,
 webhooks and a live preview page (MJPEG, events, Prometheus metrics);
 decode --annotate draws what was read. More symbologies load at run time
 as plugins (/usr/lib/scanctl/plugins). scanctl@NAME.service runs
 /etc/scanctl/NAME.yaml under systemd.
CONTROL
cat >"$root/DEBIAN/postinst" <<'POSTINST'
#!/bin/sh
set -e
if [ "$1" = configure ]; then
    # The system user of scanctl@.service, in the video group (usr/lib/sysusers.d/scanctl.conf).
    if command -v systemd-sysusers >/dev/null 2>&1; then
        systemd-sysusers scanctl.conf
    elif ! getent passwd scanctl >/dev/null; then
        useradd --system --user-group --groups video --home-dir /var/lib/scanctl --no-create-home \
            --shell /usr/sbin/nologin --comment "scanctl barcode scanning" scanctl
    fi
    if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
fi
POSTINST
cat >"$root/DEBIAN/postrm" <<'POSTRM'
#!/bin/sh
set -e
if [ "$1" = remove ] && [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
POSTRM
chmod 755 "$root/DEBIAN/postinst" "$root/DEBIAN/postrm"

out="scanctl_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
echo "make-deb: $out ($(du -h "$out" | cut -f1)); Depends: $depends"
