import { spawnChild } from "../child-process.ts";
import { fileStamp } from "../code-stamp.ts";
import { startBunThread } from "./thread.ts";
import { countDirEntriesBun } from "./dir-count.ts";
import { openBunI2c, openBunSpi } from "./i2c-spi.ts";
import type { Runtime } from "../types.ts";
import { watchMountsBun } from "./mount-watch.ts";
import { loadBunPcsc } from "./pcsc.ts";
import { openBunSerial } from "./serial.ts";
import { serveWithBun } from "./server.ts";
import { loadBunUinput } from "./uinput.ts";
import { watchUeventsBun } from "./uevent.ts";
import { RUN_ONCE_JIT_POLICY } from "./jit-policy.ts";
import { openBunDatabase } from "./sqlite.ts";

let started = false;

export const bunRuntime: Runtime = {
  name: "bun",
  version: Bun.version,
  spawn: spawnChild,
  serve: serveWithBun,
  openDatabase: openBunDatabase,
  openSerial: openBunSerial,
  countDirEntries: countDirEntriesBun,
  pcsc: loadBunPcsc,
  uinput: () => loadBunUinput(),
  openI2c: openBunI2c,
  openSpi: openBunSpi,
  watchMounts: watchMountsBun,
  watchUevents: watchUeventsBun,
  startThread: startBunThread,
  // Bun.shrink: JSC's shrink-footprint-when-idle (compiled code dropped, a full collection, free malloc memory released)
  releaseMemory: () => (Bun as unknown as { shrink?: () => void }).shrink?.(),
  // a compiled binary's modules live inside it (/$bunfs/); run from source, a stamp could not see a changed module
  codeStamp: () => (import.meta.url.includes("/$bunfs/") ? fileStamp(process.execPath) : null),
  // device builds start with `--compile-jit-policy` (build/release/compile.ts); back to normal once serving
  settled: () => {
    started = true;
    Bun.unsafe.setJITPolicy?.(1);
  },
  runOnceCode: <T>(work: () => T): T => {
    // before settled(), a device build's start-up policy holds the JIT back already
    if (!started || !Bun.unsafe.setJITPolicy) return work();
    Bun.unsafe.setJITPolicy(RUN_ONCE_JIT_POLICY);
    try {
      return work();
    } finally {
      Bun.unsafe.setJITPolicy(1);
    }
  },
};
