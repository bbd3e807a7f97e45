#!/bin/sh
# tapserve on MiSTer (ARMv7): runs the service in the foreground on the bundled Node runtime.
# The runtime brings its own loader and libraries, so the system's glibc does not matter; the loader's
# --library-path (not LD_LIBRARY_PATH) keeps programs the service starts on the system's libraries.
# Env: TAPSERVE_HEAP_MB (V8 old-space cap, default 128), TAPSERVE_SEMI_MB (V8 young-generation semi-space
# cap, default 2: the default lets indexing 250k files peak ~60 MiB higher, see `make bench mister`), TAPSERVE_EMU (empty on the device; tests put
# "qemu-arm-static -cpu cortex-a9" here). Arguments go to the service (e.g. --data-dir, --port).
DIR=$(cd "$(dirname "$0")" && pwd) || exit 1
RT=$DIR/runtime
# libnode reads three builtins through /proc/self/fd/9 (patched at build time): keep fd 9 on them.
exec 9<"$RT/share/nodejs" || exit 1
# shellcheck disable=SC2086 # TAPSERVE_EMU is a command line on purpose.
exec $TAPSERVE_EMU "$RT/lib/ld-linux-armhf.so.3" --library-path "$RT/lib" "$RT/bin/node" \
  --max-old-space-size="${TAPSERVE_HEAP_MB:-128}" --max-semi-space-size="${TAPSERVE_SEMI_MB:-2}" \
  "$DIR/tapserve.mjs" "$@"
