import { existsSync } from "node:fs";
import { homedir } from "node:os";
import type { Config } from "../config/schema.ts";
import type { PlatformId } from "../platform/detect.ts";
import type { Launcher } from "../service/launch/launchers/types.ts";
import { findOnPath } from "../service/launch/launchers/retroarch.ts";
import type { MediaTracker } from "./activity.ts";
import { ActivityWatcher } from "./activity-watcher.ts";
import { BatoceraActivity } from "./batocera/activity.ts";
import { EsApi } from "./batocera/es-api.ts";
import { BatoceraLauncher } from "./batocera/launcher.ts";
import { KodiActivity } from "./kodi/activity.ts";
import { KodiClient } from "./kodi/client.ts";
import { kodiLaunchers } from "./kodi/launchers.ts";
import { SteamActivity } from "./steam/activity.ts";
import { SteamLauncher } from "./steam/launcher.ts";
import { findSteamRoot } from "./steam/library.ts";
import { EmuDeckLauncher, RetroDeckLauncher } from "./steamos/launchers.ts";

/** Seams for tests; every field has the device's default. */
export interface PlatformOptions {
  home?: string;
  /** Where Steam's reaper processes are looked for (/proc). */
  procRoot?: string;
  /** Command that opens a `steam://` URL (SteamOS: `steam`, elsewhere `xdg-open`). */
  steamOpener?: string[];
  flatpak?: string;
  /** Batocera's `hotkeygen`; null: do not use it. Default: found on PATH. */
  hotkeygen?: string | null;
  /** Pauses of Batocera's stop sequence (500 ms between checks, 2 s settle). */
  batoceraCheckDelayMs?: number;
  batoceraSettleMs?: number;
  /** Overrides every activity's start window (how long a launch may go unreported). */
  startWindowMs?: number;
  graceMs?: number;
}

/**
 * Each platform's default launchers and "now playing" watchers: Batocera through its front end's API, Kodi
 * through JSON-RPC (LibreELEC, Batocera, Linux, SteamOS), Steam by Steam id with reaper tracking (Linux,
 * SteamOS), EmuDeck and RetroDECK (SteamOS). RetroPie and Recalbox add nothing here: custom launchers and
 * RetroArch cover them, as in the reference.
 */
export class PlatformSet {
  readonly launchers: Launcher[] = [];
  private readonly watchers: ActivityWatcher[] = [];
  private readonly active: ActivityWatcher[] = [];

  constructor(
    platform: PlatformId,
    private readonly config: () => Readonly<Config>,
    tracker: MediaTracker,
    opts: PlatformOptions = {},
  ) {
    const p = () => this.config().platforms;
    const timeoutMs = () => p().timeout * 1000;
    const watch = (activity: ConstructorParameters<typeof ActivityWatcher>[0]["activity"], run: boolean) => {
      const w = new ActivityWatcher({ activity, tracker, intervalMs: () => p().poll_interval * 1000 });
      this.watchers.push(w);
      if (run) this.active.push(w);
      return w;
    };
    const home = opts.home ?? homedir();
    const withKodi = platform === "batocera" || platform === "libreelec" || platform === "linux" || platform === "steamos";
    const kodiMode = p().kodi_activity;
    const kodiWatched = kodiMode === "on" || (kodiMode === "auto" && (platform === "libreelec" || platform === "batocera"));
    if (withKodi || kodiMode === "on") {
      const kodi = new KodiClient({ url: () => p().kodi_url, user: () => p().kodi_user, password: () => p().kodi_password, timeoutMs });
      const w = watch(new KodiActivity(kodi, opts.startWindowMs), kodiWatched);
      this.launchers.push(...kodiLaunchers(kodi, w));
    }
    if (platform === "batocera") {
      const api = new EsApi({ baseUrl: () => p().batocera_api, timeoutMs });
      const hotkeygen = opts.hotkeygen === null ? () => undefined : () => opts.hotkeygen ?? findOnPath("hotkeygen");
      const activity = new BatoceraActivity(api, {
        hotkeygen,
        checkDelayMs: opts.batoceraCheckDelayMs,
        settleMs: opts.batoceraSettleMs,
        startWindowMs: opts.startWindowMs,
      });
      this.launchers.push(new BatoceraLauncher(api, watch(activity, true)));
    }
    if (platform === "steamos") {
      const o = { home, flatpak: opts.flatpak, graceMs: opts.graceMs };
      this.launchers.push(new EmuDeckLauncher(o), new RetroDeckLauncher(o));
    }
    if (platform === "linux" || platform === "steamos") {
      const steamRoot = () => findSteamRoot(p().steam_dir, home);
      const activity = new SteamActivity({ procRoot: opts.procRoot, steamRoot, startWindowMs: opts.startWindowMs, graceMs: opts.graceMs });
      const tracked = opts.procRoot !== undefined || steamRoot() !== undefined || existsSync("/usr/games/steam");
      const opener = () => opts.steamOpener ?? (platform === "steamos" ? ["steam"] : ["xdg-open"]);
      this.launchers.push(new SteamLauncher(opener, watch(activity, tracked)));
    }
  }

  start(): void {
    for (const w of this.active) w.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.active.map((w) => w.stop()));
  }

  /** Asks every running watcher for a fresh look now (after a launch or stop; tests). */
  async refresh(): Promise<void> {
    await Promise.all(this.active.map((w) => w.tick()));
  }
}
