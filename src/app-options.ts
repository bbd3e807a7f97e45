import type { SessionCaps } from "./api/limits/session-slots.ts";
import type { Clock } from "./core/clock.ts";
import type { PlatformOptions } from "./platforms/platform-set.ts";
import type { ReaderDriver } from "./readers/types.ts";
import type { Runtime } from "./runtime/types.ts";
import type { SoundPlayer } from "./service/feedback/sound-player.ts";
import type { Tty2oledOptions } from "./service/readers/platform-drivers.ts";

export interface AppOptions {
  runtime: Runtime;
  dataDir: string;
  configPath?: string;
  /** Overrides the config file's port (CLI flag or env). 0 picks a free port. */
  port?: number;
  host?: string;
  /** Filesystem root for platform detection (tests use a fake root). */
  platformRoot?: string;
  /** Extra console output off (tests). */
  quiet?: boolean;
  /** Overrides config `service.mdns` (env TAPSERVE_MDNS=off; tests and benchmarks keep the LAN quiet). */
  mdns?: boolean;
  /** Time for everything that waits on it (tests: a manual clock). */
  clock?: Clock;
  /** Seams and grace periods of the platform's launchers and watchers (tests). */
  platform?: PlatformOptions;
  /** Reader drivers instead of the build's own (tests with fake hardware). */
  drivers?: () => ReaderDriver[];
  /** Plays the scan feedback sounds; `aplay` (config `audio.player`, `audio.device`) when absent. */
  soundPlayer?: SoundPlayer;
  /** Shortest time between two pairing requests from one address (default 1 s; tests: 0). */
  pairingIntervalMs?: number;
  /** How long `readers.write` waits for a tag (default 30 s; 0: fail at once). */
  writeTagWaitMs?: number;
  /** Serial hot-plug: how often the tty list is looked at where no uevents come; false: off (bench baseline). */
  readerHotplug?: { pollMs?: number } | false;
  /** How long an index run may take no step before the inbox is told (default 5 min, on the app's clock). */
  indexStallMs?: number;
  /** Quiet time before the service hands memory back (service/idle-memory.ts); tests shorten it. */
  quietBeforeReleaseMs?: number;
  /** WebSocket connection caps (default 512 in all, 32 per remote address, 32 kept for loopback). */
  sessionCaps?: Partial<SessionCaps>;
  /** tty2oled displays: the pictures collection's address, shorter pauses between commands (tests). */
  tty2oled?: Tty2oledOptions;
  /** Time an HTTP request body may take to arrive (default 10 s, on the app's clock). */
  bodyTimeoutMs?: number;
  /** Seconds an HTTP connection may stay silent (default 30). */
  httpIdleTimeoutSeconds?: number;
}
