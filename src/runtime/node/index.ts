import { fileURLToPath } from "node:url";
import { spawnChild } from "../child-process.ts";
import { fileStamp } from "../code-stamp.ts";
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
  // the Node build is one bundle file (build/armv7/bundle.ts); run from source (.ts), a stamp could not see a changed module
  codeStamp: () => {
    const file = fileURLToPath(import.meta.url);
    return file.endsWith(".ts") ? null : fileStamp(file);
  },
  // openI2c / openSpi: absent, they need ioctl (I2C_SLAVE, SPI_IOC_MESSAGE); the PN532 driver then says so
};
