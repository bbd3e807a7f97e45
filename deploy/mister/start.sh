#!/bin/sh
# tapserve on MiSTer (ARMv7): runs the service in the foreground on the bundled Node runtime.
# The runtime brings its own loader and libraries, so the system's glibc does not matter; the loader's
# --library-path (not LD_LIBRARY_PATH) keeps programs the service starts on the system's libraries.
# Env: TAPSERVE_HEAP_MB (V8 old-space cap, default 96), TAPSERVE_SEMI_MB (V8 young-generation semi-space cap,
# default 1: the default lets indexing 250k files peak ~60 MiB higher), TAPSERVE_MAX_OPT (V8's highest compiler
# tier, default 1), TAPSERVE_EMU (empty on the device; tests put "qemu-arm-static -cpu cortex-a9" here).
# Arguments go to the service (e.g. --data-dir, --port).
# Peak and idle memory of these settings: `make bench mister` (bench/node-memory.ts reads them from here).
DIR=$(cd "$(dirname "$0")" && pwd) || exit 1
RT=$DIR/runtime
# V8 collects more eagerly (--optimize-for-size): indexing 250k files peaks ~20 MiB lower, at the same speed.
# V8 stops at its baseline compiler (TAPSERVE_MAX_OPT, default 1: no Maglev or TurboFan): their machine code in
# the node binary is not paged in nor optimized code kept; idle serving 250k ~10 MiB lower, the indexing peak
# ~8 MiB lower, indexing on Node ~1.3x as long (x64, 8 same-run pairs; TAPSERVE_MAX_OPT=999: every tier).
# --expose-gc: the service asks for a full collection once it has gone quiet after work (an index run leaves
# ~30 MiB of garbage V8 would otherwise keep for many seconds); nothing else calls it.
V8_FLAGS="--max-old-space-size=${TAPSERVE_HEAP_MB:-96} --max-semi-space-size=${TAPSERVE_SEMI_MB:-1} --optimize-for-size --max-opt=${TAPSERVE_MAX_OPT:-1} --expose-gc"
# glibc malloc: two arenas, and blocks from 32 KiB up mapped on their own, so the buffers an index run frees
# go back to the system (the default threshold climbs after the first frees and keeps them in the heap; at
# 128 KiB the freed 32-128 KiB blocks stayed in it: idle 3 s after indexing 250k ~2 MiB higher, serving ~3 MiB).
# Programs the service starts inherit these; they change no behaviour, only how memory is laid out.
export MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768
# libnode reads three builtins through /proc/self/fd/9 (patched at build time): keep fd 9 on them.
exec 9<"$RT/share/nodejs" || exit 1
# shellcheck disable=SC2086 # TAPSERVE_EMU is a command line on purpose, V8_FLAGS a list of flags.
exec $TAPSERVE_EMU "$RT/lib/ld-linux-armhf.so.3" --library-path "$RT/lib" "$RT/bin/node" $V8_FLAGS "$DIR/tapserve.mjs" "$@"
