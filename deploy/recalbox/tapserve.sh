#!/bin/sh
# tapserve service for Recalbox: sh /recalbox/share/system/tapserve/tapserve.sh start|stop|restart|status.
# /recalbox/share/system/custom.sh runs it with start at boot and stop at shutdown (install.sh adds that call;
# Recalbox's S99custom runs custom.sh). The root file system is read-only, so everything lives on the share:
# the binary, this script and supervisor.sh (the Batocera service script) beside the data and config in
# /recalbox/share/system/tapserve (the binary's default on Recalbox, src/platforms/data-dir.ts). Scripts are run with `sh`,
# so the share needs no exec bit; if it cannot run the binary (exFAT/FAT, noexec), the service runs a copy in
# /tmp/tapserve. Log: service.log in the data folder.
here=$(cd "$(dirname "$0")" && pwd)
TAPSERVE_BIN=${TAPSERVE_BIN:-$here/tapserve}
TAPSERVE_DATA_DIR=${TAPSERVE_DATA_DIR:-$here}
export TAPSERVE_BIN TAPSERVE_DATA_DIR
exec sh "$here/supervisor.sh" "$@"
