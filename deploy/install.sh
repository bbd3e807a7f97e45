#!/bin/sh
# Installs tapserve and the init files for this device: Raspberry Pi OS / Debian (and other systemd
# distributions), SteamOS, Batocera, Recalbox, LibreELEC / CoreELEC. Safe to re-run: it replaces the binary and
# init files and keeps config and data. Run it from the unpacked release archive (the binary `tapserve` sits
# next to it).
set -eu

usage() {
  cat <<'USAGE'
Usage: ./install.sh [options]
  --platform ID    linux, steamos, batocera, recalbox or libreelec (LibreELEC and CoreELEC)
                   (default: detected from the system)
  --binary FILE    the tapserve binary (default: ./tapserve next to this script)
  --user NAME      SteamOS: the desktop user to install for (default: the sudo caller, you, or deck)
  --root DIR       install into DIR instead of / (a disk image or a test root); starts nothing
  --no-start       install and enable, but do not (re)start the service now
  -h, --help       this help
Recalbox: binary and scripts go to /recalbox/share/system/tapserve, started by a marked block it adds to
/recalbox/share/system/custom.sh. LibreELEC / CoreELEC: unit in /storage/.config/system.d. See INSTALL.txt.
USAGE
}

die() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}
say() { printf '%s\n' "$*"; }

here=$(cd "$(dirname "$0")" && pwd)
root=/
platform=""
binary=""
user=""
start=1
while [ $# -gt 0 ]; do
  case $1 in
    --root | --platform | --binary | --user)
      [ $# -ge 2 ] || die "$1 needs a value"
      case $1 in
        --root) root=$2 ;;
        --platform) platform=$2 ;;
        --binary) binary=$2 ;;
        --user) user=$2 ;;
      esac
      shift 2
      ;;
    --no-start)
      start=0
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) die "unknown option: $1 (see --help)" ;;
  esac
done

[ -d "$root" ] || die "--root $root is not a folder"
R=$(cd "$root" && pwd)
[ "$R" != / ] || R=""
live=1
[ -z "$R" ] || live=0
[ -n "$binary" ] || binary=$here/tapserve
[ -f "$binary" ] || die "no binary at $binary: run this from the unpacked release archive, or pass --binary"
iam=$(id -u)

# Same order as the service's own detection (src/platforms/detect.ts): the most specific markers first.
detect_platform() {
  ids=""
  for f in "$R/etc/os-release" "$R/usr/lib/os-release"; do
    if [ -r "$f" ]; then
      ids=$(awk -F= '$1 == "ID" || $1 == "ID_LIKE" { gsub(/["\047]/, "", $2); print tolower($2) }' "$f" | tr '\n' ' ')
      break
    fi
  done
  has_id() { case " $ids " in *" $1 "*) return 0 ;; esac; return 1; }
  if [ -e "$R/media/fat/MiSTer" ] || [ -e "$R/media/fat/menu.rbf" ]; then echo mister
  elif has_id batocera || [ -e "$R/usr/bin/batocera-version" ]; then echo batocera
  elif has_id recalbox || [ -e "$R/recalbox/share" ] || [ -e "$R/usr/bin/recalbox-version" ]; then echo recalbox
  elif has_id steamos; then echo steamos
  elif has_id libreelec || has_id coreelec; then echo libreelec
  else echo linux # RetroPie is Raspberry Pi OS: the systemd service fits it too
  fi
}

[ -n "$platform" ] || platform=$(detect_platform)

# put MODE SRC DEST: replaces DEST atomically (a running binary keeps its old copy until restarted).
# With modes_optional=1 (a share that may be exFAT/FAT: no Unix modes) a refused chmod is not an error.
modes_optional=0
put() {
  mkdir -p "$(dirname "$3")"
  cp "$2" "$3.new.$$"
  chmod "$1" "$3.new.$$" 2>/dev/null || [ "$modes_optional" = 1 ] || chmod "$1" "$3.new.$$"
  mv -f "$3.new.$$" "$3"
  say "  $3"
}

check_binary_runs() {
  [ "$live" = 1 ] || return 0
  try=$binary
  if [ ! -x "$binary" ]; then
    # unpacked where programs cannot run (a share on exFAT/FAT, noexec): try a copy
    try=$(mktemp "${TMPDIR:-/tmp}/tapserve-check.XXXXXX") || die "cannot make a temporary file"
    cp "$binary" "$try"
    chmod 0755 "$try"
  fi
  runs=1
  "$try" --version >/dev/null 2>&1 || runs=0
  [ "$try" = "$binary" ] || rm -f "$try"
  [ "$runs" = 1 ] ||
    die "$binary does not run on this machine ($(uname -m)): pick the archive for this CPU (see INSTALL.txt)"
}

reader_rules() {
  put 0644 "$here/udev/60-tapserve-readers.rules" "$R/etc/udev/rules.d/60-tapserve-readers.rules"
  put 0644 "$here/modprobe/tapserve-blacklist-pn533.conf" "$R/etc/modprobe.d/tapserve-blacklist-pn533.conf"
  if [ "$live" = 1 ]; then
    if command -v udevadm >/dev/null 2>&1; then
      udevadm control --reload-rules || true
      udevadm trigger --subsystem-match=usb --subsystem-match=tty || true
    fi
    for m in pn533_usb pn533; do
      if [ -d "/sys/module/$m" ]; then modprobe -r "$m" 2>/dev/null || say "  note: $m is in use; unplug the reader or reboot"; fi
    done
  fi
}

ensure_system_user() {
  conf=$R/usr/lib/sysusers.d/tapserve.conf
  put 0644 "$here/systemd/tapserve.sysusers" "$conf"
  if command -v systemd-sysusers >/dev/null 2>&1; then
    if [ -n "$R" ]; then systemd-sysusers --root="$R" "$conf"; else systemd-sysusers "$conf"; fi
  elif [ "$live" = 1 ]; then
    getent passwd tapserve >/dev/null ||
      useradd --system --user-group --home-dir /var/lib/tapserve --no-create-home --shell /usr/sbin/nologin tapserve
    for g in plugdev dialout audio cdrom; do
      if getent group "$g" >/dev/null; then usermod -a -G "$g" tapserve; fi
    done
  else
    say "  note: no systemd-sysusers here; the user tapserve is created on the device's first boot"
  fi
}

install_linux() {
  [ "$live" = 0 ] || [ "$iam" = 0 ] || die "run as root: sudo $0"
  check_binary_runs
  say "Installing tapserve (systemd service, user tapserve, data in /var/lib/tapserve):"
  put 0755 "$binary" "$R/usr/local/bin/tapserve"
  put 0644 "$here/INSTALL.txt" "$R/usr/local/share/doc/tapserve/INSTALL.txt"
  ensure_system_user
  put 0644 "$here/systemd/tapserve.service" "$R/etc/systemd/system/tapserve.service"
  reader_rules
  wants=$R/etc/systemd/system/multi-user.target.wants
  if [ "$live" = 1 ]; then
    systemctl daemon-reload
    systemctl enable tapserve.service
    if [ "$start" = 1 ]; then systemctl restart tapserve.service; fi
  else
    mkdir -p "$wants"
    ln -sfn /etc/systemd/system/tapserve.service "$wants/tapserve.service"
  fi
}

# Files a root install makes in the user's home must belong to the user.
give_to_user() {
  [ "$iam" = 0 ] && [ -n "$uid" ] || return 0
  for p in "$@"; do
    if [ -e "$p" ] || [ -L "$p" ]; then chown -h "$uid:$gid" "$p"; fi
  done
}

install_steamos() {
  [ -n "$user" ] || user=${SUDO_USER:-}
  if [ -z "$user" ]; then
    if [ "$iam" != 0 ]; then
      user=$(id -un)
    elif grep -q '^deck:' "$R/etc/passwd" 2>/dev/null; then
      user=deck # SteamOS's desktop user
    fi
  fi
  case $user in
    "" | root) die "SteamOS: name the desktop user, e.g. --user deck (the service runs as that user)" ;;
  esac
  entry=$(awk -F: -v u="$user" '$1 == u { print $3 ":" $4 ":" $6 }' "$R/etc/passwd" 2>/dev/null || true)
  uid=${entry%%:*}
  rest=${entry#*:}
  gid=${rest%%:*}
  home=${rest#*:}
  [ -n "$entry" ] || { uid=""; gid=""; home=/home/$user; }
  [ "$live" = 0 ] || [ -n "$uid" ] || die "no user $user on this system"
  check_binary_runs
  say "Installing tapserve for $user (systemd user service, data in $home/.local/share/tapserve):"
  H=$R$home
  for d in "$H/.local" "$H/.local/bin" "$H/.config" "$H/.config/systemd" "$H/.config/systemd/user"; do
    if [ ! -d "$d" ]; then
      mkdir -p "$d"
      give_to_user "$d"
    fi
  done
  put 0755 "$binary" "$H/.local/bin/tapserve"
  put 0644 "$here/steamos/tapserve.service" "$H/.config/systemd/user/tapserve.service"
  give_to_user "$H/.local/bin/tapserve" "$H/.config/systemd/user/tapserve.service"
  if [ "$iam" = 0 ]; then
    reader_rules
  else
    say "  note: reader rules (udev, pn533 blacklist) need root: sudo $0 --user $user"
  fi
  if [ "$live" = 1 ]; then
    if [ "$iam" = 0 ]; then
      as_user() { runuser -u "$user" -- env XDG_RUNTIME_DIR="/run/user/$uid" "$@"; }
    else
      as_user() { "$@"; }
    fi
    as_user systemctl --user daemon-reload
    as_user systemctl --user enable tapserve.service
    if [ "$start" = 1 ]; then as_user systemctl --user restart tapserve.service; fi
  else
    wants=$H/.config/systemd/user/default.target.wants
    [ -d "$wants" ] || {
      mkdir -p "$wants"
      give_to_user "$wants"
    }
    ln -sfn "$home/.config/systemd/user/tapserve.service" "$wants/tapserve.service"
    give_to_user "$wants/tapserve.service"
  fi
}

install_batocera() {
  [ "$live" = 0 ] || [ "$iam" = 0 ] || die "run as root"
  check_binary_runs
  say "Installing tapserve (Batocera service, data in /userdata/system/tapserve):"
  modes_optional=1 # /userdata may be exFAT
  put 0755 "$binary" "$R/userdata/system/tapserve/tapserve"
  put 0644 "$here/INSTALL.txt" "$R/userdata/system/tapserve/INSTALL.txt"
  put 0755 "$here/batocera/tapserve" "$R/userdata/system/services/tapserve"
  if [ "$live" = 1 ]; then
    if command -v batocera-services >/dev/null 2>&1; then
      batocera-services enable tapserve
    else
      say "  note: switch the service on in SYSTEM SETTINGS > SERVICES"
    fi
    if [ "$start" = 1 ]; then /userdata/system/services/tapserve restart; fi
  fi
}

# hook_block FILE BLOCK: puts BLOCK (a file whose first and last lines are the markers below) into the shell
# script FILE, creating it if need be: in place of an earlier copy, else right after the #! line. The other
# lines stay as they are; an unchanged FILE is not rewritten.
HOOK_BEGIN='# >>> tapserve >>>'
HOOK_END='# <<< tapserve <<<'
hook_block() {
  f=$1
  [ -f "$f" ] || printf '#!/bin/sh\n' >"$f.new.$$"
  [ -f "$f.new.$$" ] || cp "$f" "$f.new.$$"
  begins=$(awk -v b="$HOOK_BEGIN" 'index($0, b) == 1' "$f.new.$$" | wc -l)
  ends=$(awk -v e="$HOOK_END" '$0 == e || $0 == e "\r"' "$f.new.$$" | wc -l)
  if [ "$begins" -gt 1 ] || [ "$begins" != "$ends" ]; then
    rm -f "$f.new.$$"
    die "$f has a damaged tapserve block (lines from \"$HOOK_BEGIN\" to \"$HOOK_END\"): fix or delete it, then re-run"
  fi
  awk -v b="$HOOK_BEGIN" -v e="$HOOK_END" -v block="$2" -v has="$begins" '
    function emit(line) { while ((getline line < block) > 0) print line; close(block); done = 1 }
    has == 1 && index($0, b) == 1 { emit(); skip = 1; next }
    skip { if ($0 == e || $0 == e "\r") skip = 0; next }
    has == 0 && !done && NR == 1 && /^#!/ { print; emit(); next }
    has == 0 && !done { emit() }
    { print }
    END { if (!done) emit() }
  ' "$f.new.$$" >"$f.tmp.$$"
  mv -f "$f.tmp.$$" "$f.new.$$"
  if [ -f "$f" ] && cmp -s "$f" "$f.new.$$"; then
    rm -f "$f.new.$$"
  else
    mv -f "$f.new.$$" "$f"
    say "  $f (tapserve block)"
  fi
  chmod 0755 "$f" 2>/dev/null || true
}

install_recalbox() {
  [ "$live" = 0 ] || [ "$iam" = 0 ] || die "run as root"
  share=$R/recalbox/share
  [ -d "$share" ] || die "no $share: is the share partition mounted?"
  check_binary_runs
  say "Installing tapserve (Recalbox: started by /recalbox/share/system/custom.sh, data in /recalbox/share/system/tapserve):"
  dir=$share/system/tapserve
  modes_optional=1
  put 0755 "$binary" "$dir/tapserve"
  put 0644 "$here/INSTALL.txt" "$dir/INSTALL.txt"
  put 0755 "$here/recalbox/tapserve.sh" "$dir/tapserve.sh"
  put 0755 "$here/batocera/tapserve" "$dir/supervisor.sh"
  hook_block "$share/system/custom.sh" "$here/recalbox/custom.sh"
  if [ "$live" = 1 ]; then
    "$dir/tapserve" --version >/dev/null 2>&1 ||
      say "  note: the share cannot run programs (exFAT/FAT or noexec): the service runs a copy in /tmp/tapserve"
    if [ "$start" = 1 ]; then sh "$dir/tapserve.sh" restart; fi
  fi
}

install_libreelec() {
  [ "$live" = 0 ] || [ "$iam" = 0 ] || die "run as root"
  check_binary_runs
  [ -d "$R/storage" ] || [ "$live" = 0 ] || die "no /storage: is this LibreELEC / CoreELEC?"
  say "Installing tapserve (LibreELEC systemd service, data in /storage/.config/tapserve):"
  put 0755 "$binary" "$R/storage/.config/tapserve/tapserve"
  put 0644 "$here/INSTALL.txt" "$R/storage/.config/tapserve/INSTALL.txt"
  # LibreELEC's systemd reads /storage/.config/system.d as /etc/systemd/system (which is read-only)
  put 0644 "$here/libreelec/tapserve.service" "$R/storage/.config/system.d/tapserve.service"
  if [ "$live" = 1 ]; then
    systemctl daemon-reload
    systemctl enable tapserve.service
    if [ "$start" = 1 ]; then systemctl restart tapserve.service; fi
  else
    wants=$R/storage/.config/system.d/multi-user.target.wants
    mkdir -p "$wants"
    ln -sfn /storage/.config/system.d/tapserve.service "$wants/tapserve.service"
  fi
}

case $platform in
  linux) install_linux ;;
  steamos) install_steamos ;;
  batocera) install_batocera ;;
  recalbox) install_recalbox ;;
  libreelec | coreelec) install_libreelec ;;
  mister) die "MiSTer runs the Node build (armv7), not these binaries" ;;
  *) die "unknown platform $platform (linux, steamos, batocera, recalbox, libreelec)" ;;
esac
[ "$live" = 1 ] || say "Installed into $R (nothing started)."
