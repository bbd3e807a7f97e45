import { type Clock, systemClock } from "../core/clock.ts";
import type { Runtime } from "../runtime/types.ts";
import { authLookup } from "../config/auth-file.ts";
import { externalDriveDriver } from "./externaldrive/external-drive-reader.ts";
import { fileDriver } from "./file/file-reader.ts";
import { mqttDriver } from "./mqtt/mqtt-reader.ts";
import { opticalDriver } from "./optical/optical-reader.ts";
import { pcscDriver } from "./pcsc/driver.ts";
import { pn532Driver } from "./pn532/driver.ts";
import { rs232BarcodeDriver } from "./rs232barcode/rs232barcode.ts";
import { hardwareRoots } from "./serial/sysfs.ts";
import { simpleSerialDriver } from "./simpleserial/simpleserial.ts";
import type { ReaderDriver } from "./types.ts";

/**
 * The drivers this build offers, in detection order; their timers and retry pacing run on `clock` (the app's);
 * `file:` readers read only inside `tokenFolders`; `probeUnknownPorts` is the opt-in to probe unidentified serial ports.
 */
export function defaultDrivers(runtime: Runtime, platformRoot = "/", authFile?: string, clock: Clock = systemClock, tokenFolders?: readonly string[], probeUnknownPorts?: () => boolean): ReaderDriver[] {
  const openSerial = runtime.openSerial.bind(runtime);
  const roots = hardwareRoots(platformRoot); // where serial detection reads sysfs and /dev (tests: a fake root)
  return [
    fileDriver({ folders: tokenFolders }),
    simpleSerialDriver({ openSerial, roots, clock }),
    rs232BarcodeDriver({ openSerial, roots, clock }),
    pn532Driver({ openSerial, roots, clock, probeUnknownPorts, bus: { openI2c: runtime.openI2c?.bind(runtime), openSpi: runtime.openSpi?.bind(runtime) } }),
    pcscDriver(() => runtime.pcsc?.() ?? { ok: false, reason: `the ${runtime.name} runtime has no PC/SC binding` }, clock),
    opticalDriver({ roots }),
    mqttDriver({ credentials: authFile ? authLookup(authFile) : undefined }),
    externalDriveDriver({ watch: runtime.watchMounts?.bind(runtime) }),
  ];
}
