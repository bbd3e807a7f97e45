import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnChild } from "../child-process.ts";
import { fileStamp } from "../code-stamp.ts";
import { NODE_CHUNK_DIR } from "./bundle-layout.ts";
import { pollMountTable } from "../mount-watch.ts";
import type { Runtime } from "../types.ts";
import { openNodeSerial } from "./serial.ts";
import { serveWithNode } from "./server.ts";
import { openNodeDatabase } from "./sqlite.ts";

export const nodeRuntime: Runtime = {
  name: "node",
  version: process.versions.node,
  spawn: spawnChild,
  serve: serveWithNode,
  openDatabase: openNodeDatabase,
  openSerial: openNodeSerial,
  // Node cannot issue ioctl calls, which creating a uinput device needs
  uinput: () => ({ ok: false, reason: "the Node runtime cannot create uinput devices (no ioctl)" }),
  watchMounts: (path, onChange) => pollMountTable(path, onChange),
  // the Node build is an entry file and its chunks in NODE_CHUNK_DIR beside it (build/armv7/bundle.ts), each chunk named by
  // a hash of its content: this module's file and the chunks' names change with any of the code. Run from source
  // (.ts), a stamp could not see a changed module.
  codeStamp: () => {
    const file = fileURLToPath(import.meta.url);
    if (file.endsWith(".ts")) return null;
    const stamp = fileStamp(file);
    if (stamp === null) return null;
    const bundleDir = basename(dirname(file)) === NODE_CHUNK_DIR ? dirname(file) : join(dirname(file), NODE_CHUNK_DIR);
    try {
      return `${stamp}:${readdirSync(bundleDir).sort().join("/")}`;
    } catch {
      return stamp; // a bundle in one file
    }
  },

  // a full collection, where start.sh lets the service ask for one (--expose-gc), as a last resort (V8 also
  // hands back the pages it emptied): V8 else keeps an index run's garbage, ~30 MiB for 250k files, until its
  // memory reducer comes round, over ten seconds later
  releaseMemory: () => (globalThis as { gc?: (o?: object) => void }).gc?.({ type: "major", execution: "sync", flavor: "last-resort" }),
  // openI2c / openSpi: absent, they need ioctl (I2C_SLAVE, SPI_IOC_MESSAGE); the PN532 driver then says so
};
