import type { Clock } from "../../core/clock.ts";
import type { PcscLoad } from "../../runtime/types.ts";
import type { ReaderDriver } from "../types.ts";
import { type MonitorOptions, PcscMonitor } from "./monitor.ts";
import { PcscReader } from "./pcsc-reader.ts";

/**
 * `pcsc:<reader name>`: readers behind pcscd. Auto-detection lists every PC/SC reader; it does not depend on
 * a reader's name (ACR122U, vpcd and others all qualify). The library is loaded on first use.
 */
export function pcscDriver(load: () => PcscLoad, timers?: Pick<Clock, "set" | "clear">, opts?: MonitorOptions): ReaderDriver {
  const monitor = new PcscMonitor(load, timers, opts);
  return {
    id: "pcsc",
    names: ["pcsc"],
    autoDetect: true,
    create: (path) => new PcscReader(monitor, path),
    async detect(exclude) {
      await monitor.ensureStarted();
      return monitor.readerNames().filter((n) => !exclude.has(n));
    },
    onChange: (listener) => monitor.onReadersChanged(listener),
    stop: () => monitor.stop(),
  };
}
