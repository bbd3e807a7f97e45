import type { Runtime } from "../types.ts";
import { loadBunPcsc } from "./pcsc.ts";
import { serveWithBun } from "./server.ts";
import { openBunDatabase } from "./sqlite.ts";

export const bunRuntime: Runtime = {
  name: "bun",
  version: Bun.version,
  serve: serveWithBun,
  openDatabase: openBunDatabase,
  pcsc: loadBunPcsc,
};
