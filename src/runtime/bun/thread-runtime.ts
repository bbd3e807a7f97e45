import type { Runtime } from "../types.ts";
import { countDirEntriesBun } from "./dir-count.ts";
import { openBunDatabase } from "./sqlite.ts";

/** What code running in a service thread (started by `startThread`: Bun only) takes from the runtime. */
export const bunThreadRuntime: Pick<Runtime, "openDatabase" | "countDirEntries"> = {
  openDatabase: openBunDatabase,
  countDirEntries: countDirEntriesBun,
};
