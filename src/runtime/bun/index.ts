import type { Runtime } from "../types.ts";
import { serveWithBun } from "./server.ts";
import { openBunDatabase } from "./sqlite.ts";

export const bunRuntime: Runtime = {
  name: "bun",
  version: Bun.version,
  serve: serveWithBun,
  openDatabase: openBunDatabase,
};
