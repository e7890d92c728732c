#!/usr/bin/env bash
# Boots KERNEL_DIR's kernel with INITRAMFS under qemu (inside `timeout`), sharing the host's root
# read-only and RUN_DIR writable; the guest runs guest.sh from REPO. Console output goes to stdout.
# Exit status: 0 when the guest ran guest.sh to its end, 1 when it failed, 124 on timeout, 2 otherwise.
#   boot.sh KERNEL_DIR INITRAMFS RUN_DIR REPO TIMEOUT_SECONDS
set -uo pipefail
kdir=$1 initramfs=$2 run=$3 repo=$4 limit=$5
kernel=$(ls "$kdir"/tree/boot/vmlinuz-*)
accel=(-accel tcg -cpu max)
# A stock kernel hangs under KVM without hardware virtualization (V4L2-TESTING.md).
if [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then accel=(-accel kvm -cpu host); fi
timeout --kill-after=10 "$limit" qemu-system-x86_64 "${accel[@]}" -smp 2 -m 1024 \
    -kernel "$kernel" -initrd "$initramfs" \
    -append "console=ttyS0 quiet loglevel=3 rdinit=/init panic=-1 camtest_run=$run camtest_repo=$repo" \
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
    -virtfs local,path="$run",mount_tag=results,security_model=none \
    -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
    -display none -serial stdio -monitor none -no-reboot </dev/null
status=$?
case $status in
    1) exit 0 ;;
    3) exit 1 ;;
    124) exit 124 ;;
    *) exit 2 ;;
esac
