import type { ConfigStore } from "../config/store.ts";
import type { Clock } from "../core/clock.ts";
import type { PlatformId } from "../platforms/detect.ts";
import type { Runtime, SqlDatabase } from "../runtime/types.ts";
import type { ServiceEvents } from "./events.ts";

/** What the composition root builds first and hands to every service. */
export interface ServiceContext {
  runtime: Runtime;
  config: ConfigStore;
  events: ServiceEvents;
  userDb: SqlDatabase;
  dataDir: string;
  platform: PlatformId;
  /**
   * The root filesystem the platform's own folders (and, for readers, sys/ and dev/) are looked up under: "/" on a
   * device, a fake root filesystem in tests.
   */
  platformRoot?: string;
  clock: Clock;
}
