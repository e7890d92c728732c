#!/usr/bin/env bash
# Installs the Debian packages scanctl builds against (and what the tests use: zint renders fixtures;
# groff-base, zsh and fish check the generated man pages and completion scripts), when any is missing.
# 'install-deps.sh deb' adds what 'make deb' needs: libcurl4-openssl-dev (the static FoundationNetworking
# links libcurl), dpkg-dev (dpkg-shlibdeps) and binutils (strip).
# Needs root (or sudo) only when something has to be installed.
set -euo pipefail
packages=(pkg-config libpng-dev libturbojpeg0-dev libwebp-dev libyaml-dev libv4l-dev libcairo2-dev libmicrohttpd-dev
    fonts-dejavu-core zint groff-base zsh fish)
if [ "${1:-}" = deb ]; then packages+=(libcurl4-openssl-dev dpkg-dev binutils); fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
