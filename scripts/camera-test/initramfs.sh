#!/usr/bin/env bash
# Builds the guest's initramfs: static busybox, the kernel modules vivid and the 9p share need (in the
# order modprobe gives, decompressed), and INIT as /init.
#   initramfs.sh KERNEL_DIR INIT OUT.cpio.gz
set -euo pipefail
kdir=$1 init=$2 out=$3
tree=$kdir/tree
version=$(ls "$tree/lib/modules")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"/{bin,dev,proc,sys,host,modules}
cp /bin/busybox "$work/bin/busybox"
i=0
for m in vivid 9p 9pnet_virtio virtio_pci; do
    modprobe -d "$tree" -S "$version" --show-depends "$m"
done | awk '$1 == "insmod" && !seen[$2]++ { print $2 }' | while read -r ko; do
    name=$(printf '%02d-%s' "$i" "$(basename "$ko")")
    name=${name%.xz}
    name=${name%.zst}
    case $ko in
        *.xz) xz -dc "$ko" >"$work/modules/$name" ;;
        *.zst) zstd -qdc "$ko" >"$work/modules/$name" ;;
        *) cp "$ko" "$work/modules/$name" ;;
    esac
    i=$((i + 1))
done
cp "$init" "$work/init"
chmod 755 "$work/init"
(cd "$work" && find . | cpio -o -H newc --quiet | gzip -1) >"$out.tmp"
mv "$out.tmp" "$out"
