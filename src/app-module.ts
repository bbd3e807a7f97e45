import type { Hono } from "hono";
import type { HttpEnv } from "./api/http.ts";
import type { NotificationBus } from "./api/notifications.ts";
import type { AnyMethod } from "./api/rpc/method.ts";
import type { ConfigStore } from "./config/store.ts";
import type { PlatformId } from "./platform/detect.ts";
import type { Runtime, SqlDatabase } from "./runtime/types.ts";

/** What the composition root builds first and hands to every module. */
export interface CoreContext {
  runtime: Runtime;
  config: ConfigStore;
  bus: NotificationBus;
  userDb: SqlDatabase;
  dataDir: string;
  platform: PlatformId;
  /**
   * The root filesystem the platform's own folders (and, for readers, sys/ and dev/) are looked up under: "/" on a
   * device, a fake root filesystem in tests.
   */
  platformRoot?: string;
  version: string;
}

/**
 * One capability (launching, media index, readers …) as the composition root sees it: the methods it adds,
 * the HTTP routes it mounts, and its lifecycle. Constructors only assign; `start()` does the work; `stop()`
 * runs in reverse order, each isolated from the others' failures.
 */
export interface AppModule {
  readonly name: string;
  methods?(): AnyMethod[];
  routes?(app: Hono<HttpEnv>): void;
  start?(): void | Promise<void>;
  stop?(): void | Promise<void>;
}
