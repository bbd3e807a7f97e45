#!/usr/bin/env bash
# Installs the Debian packages the real-part tests need, once. Safe to re-run: it only installs what is missing.
# With arguments, installs those packages instead (make dist uses it for the MiSTer build's tools).
set -euo pipefail
PACKAGES=(iproute2 procps openssl pcscd libpcsclite1 vsmartcard-vpcd pcsc-tools qemu-user-static libc6-arm64-cross shellcheck systemd socat curl chromium binutils-arm-linux-gnueabihf busybox mosquitto xorriso dosfstools fusefat fuse3 alsa-utils poppler-utils)
[ $# -eq 0 ] || PACKAGES=("$@")
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "installing test packages: ${missing[*]}"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
