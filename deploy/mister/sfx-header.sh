#!/bin/sh
# tapserve @VERSION@ for MiSTer, in one file: copy it to /media/fat/Scripts/tapserve.sh and run it from the
# Scripts menu. It unpacks itself to /media/fat/tapserve/program on first run (and after an update), adds
# the boot hook to /media/fat/linux/user-startup.sh, starts the service and shows its status, address and a
# pairing PIN. An update is this file replaced by a newer one (by hand or by a downloader): the program folder
# is swapped, the data beside it (config, databases, logs in /media/fat/tapserve) stays, and a service that was
# running runs the new version.
# Arguments are those of tapserve-ctl.sh: start | stop | restart | status | pin | install | uninstall | menu.
VERSION='@VERSION@'
SKIP=@SKIP@
BASE=${TAPSERVE_BASE:-/media/fat/tapserve}
PROG=$BASE/program
SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
OLD=$(cat "$PROG/VERSION" 2>/dev/null)
if [ "$OLD" != "$VERSION" ]; then
  if [ -n "$OLD" ]; then
    echo "Updating tapserve $OLD to $VERSION (config, databases and logs in $BASE are kept) ..."
  else
    echo "Unpacking tapserve $VERSION to $PROG ..."
  fi
  WAS_RUNNING=""
  if [ -f "$PROG/tapserve-ctl.sh" ]; then
    TAPSERVE_BASE=$BASE sh "$PROG/tapserve-ctl.sh" stop 2>&1 | grep -qE "stopped|killed" && WAS_RUNNING=1
  fi
  rm -rf "$PROG.new" "$PROG.old"
  mkdir -p "$PROG.new" || exit 1
  # exFAT has no owners or modes: tar's complaints about them are expected, the content is checked below.
  tail -c +"$((SKIP + 1))" "$SELF" | gzip -dc | tar -xf - -C "$PROG.new" 2>/dev/null
  if [ "$(cat "$PROG.new/VERSION" 2>/dev/null)" != "$VERSION" ]; then
    echo "Unpacking failed (is the SD card full?)" >&2
    rm -rf "$PROG.new"
    exit 1
  fi
  if [ -d "$PROG" ]; then mv "$PROG" "$PROG.old" || exit 1; fi
  mv "$PROG.new" "$PROG" || exit 1
  rm -rf "$PROG.old"
  sync
  # A service stopped for the update comes back even when this run only asks for its status.
  if [ -n "$WAS_RUNNING" ]; then
    case "${1:-menu}" in
      menu | start | restart | stop | uninstall | unhook | -service) ;;
      *) TAPSERVE_BASE=$BASE TAPSERVE_ENTRY=$SELF sh "$PROG/tapserve-ctl.sh" start ;;
    esac
  fi
fi
TAPSERVE_BASE=$BASE TAPSERVE_ENTRY=$SELF exec sh "$PROG/tapserve-ctl.sh" "$@"
exit 1
