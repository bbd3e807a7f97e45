import type { Runtime } from "../runtime/types.ts";
import { fileDriver } from "./file/file-reader.ts";
import { pcscDriver } from "./pcsc/driver.ts";
import type { ReaderDriver } from "./types.ts";

/** Connection-string driver names compare lowercase with underscores dropped (`pn532_uart` = `pn532uart`). */
export const normalizeDriverName = (name: string) => name.toLowerCase().replaceAll("_", "");

export function findDriver(drivers: readonly ReaderDriver[], name: string): ReaderDriver | undefined {
  const n = normalizeDriverName(name);
  return drivers.find((d) => d.names.includes(n));
}

/** The drivers this build offers, in detection order. */
export function defaultDrivers(runtime: Runtime): ReaderDriver[] {
  return [
    fileDriver(),
    pcscDriver(() => runtime.pcsc?.() ?? { ok: false, reason: `the ${runtime.name} runtime has no PC/SC binding` }),
  ];
}
