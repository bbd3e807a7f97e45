import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname } from "node:path";
import type { Config } from "../config/schema.ts";
import { log } from "../log.ts";
import { type PlatformId, platformFamily } from "./detect.ts";
import type { MisterLauncher, MisterPaths } from "./mister/launcher.ts";
import type { Screenshot } from "./mister/screenshot.ts";
import type { MisterTracker } from "./mister/tracker.ts";
import type { MraTitles } from "./mister/mra-titles.ts";
import type { MisterStorageWatch } from "./mister/storage-watch.ts";
import type { MountWatch } from "../runtime/mount-watch.ts";
import type { MisterCommandPaths, MisterCommands } from "./mister/commands.ts";
import type { MediaTracker } from "./shared/activity.ts";
import { ActivityWatcher } from "./shared/activity-watcher.ts";
import { CustomLauncher } from "./shared/custom-launcher.ts";
import { findOnPath } from "./shared/find-on-path.ts";
import type { Launcher, LaunchTarget, SystemLauncher } from "./shared/launcher.ts";
import type { Spawn } from "./shared/process-media.ts";
import { RetroArchLauncher, type RetroArchOptions } from "./shared/retroarch.ts";
import { BatoceraActivity } from "./batocera/activity.ts";
import { EsApi } from "./batocera/es-api.ts";
import { BatoceraLauncher } from "./batocera/launcher.ts";
import { batoceraSystemLaunchers } from "./batocera/system-launchers.ts";
import { KodiActivity } from "./kodi/activity.ts";
import { KodiClient } from "./kodi/client.ts";
import { kodiLaunchers } from "./kodi/launchers.ts";
import { SteamActivity } from "./steam/activity.ts";
import { SteamLauncher } from "./steam/launcher.ts";
import { findSteamRoot } from "./steam/library.ts";
import { EmuDeckLauncher, RetroDeckLauncher } from "./steamos/launchers.ts";
import { DEFAULT_RETROPIE_PATHS, type RetroPiePaths, retroPieLaunchers } from "./retropie/launchers.ts";
import { RetroPieActivity } from "./retropie/activity.ts";
import { type StandaloneLauncher, standaloneLaunchers } from "./linux/standalone.ts";
import { heroicLauncher, lutrisLauncher, type UrlLauncherOptions, WebBrowserLauncher } from "./linux/url-launchers.ts";
import { preferred } from "./linux/preference.ts";
import type { SqlDatabase } from "../runtime/types.ts";
import { storeGames, type VirtualMedia } from "./shared/pc-stores.ts";
import { ChimeraGogLauncher } from "./chimeraos/gog.ts";
import { ReplayActivity } from "./replayos/activity.ts";
import { replayLaunchers } from "./replayos/launchers.ts";

type MisterParts = typeof import("./mister/parts.ts");
let misterParts: MisterParts | undefined;
/** MiSTer's code (mister/parts.ts, ~50 KB with the core tables), loaded only where it is used. */
const mister = (): MisterParts => (misterParts ??= require("./mister/parts.ts") as MisterParts);

const logger = log.withTag("launchers");

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
  /** Time between SIGTERM and SIGKILL when stopping a launched process. */
  graceMs?: number;
  /** MiSTer's SD card and command FIFO; given (or on the mister platform) the MiSTer launcher is used. */
  mister?: MisterPaths;
  /** MiSTer's physical memory for the INI switch (`/dev/mem`). */
  misterMemPath?: string;
  /** MiSTer's console (terminals, sysfs switches, chvt/agetty) for `mister.script`; tests: a fake MiSTer root. */
  misterConsole?: MisterCommandPaths["console"];
  retroarch?: Omit<RetroArchOptions, "spawn">;
  /** RetroPie's runcommand and configs folder (tests: a recording script and a fake /opt/retropie/configs). */
  retropie?: RetroPiePaths;
  /** Root of the file system for Flatpak and core look-ups (tests: a fake root). */
  root?: string;
  /** Lutris, Heroic and the browser opener (tests: recording scripts). */
  programs?: UrlLauncherOptions["programs"];
  /** How often a launched process tree is looked at in /proc once its first process ended. */
  treeIntervalMs?: number;
  /** ReplayOS's `systemctl` and how long its autostart file stays after a launch (tests). */
  replayos?: { systemctl?: string; autostartClearMs?: number };
}

/**
 * The launchers of this device, in priority order, and its "now playing" watchers. Custom launchers from the
 * config come first (in file order), then the platform's: Batocera through its front end's API, Kodi through
 * JSON-RPC (LibreELEC, Batocera, Linux, SteamOS), Steam by Steam id with reaper tracking (Linux, SteamOS),
 * EmuDeck and RetroDECK (SteamOS), ReplayOS's ROM folders (its autostart file and a service restart), RetroPie's
 * systems through runcommand, Lutris, Heroic, the web browser and the
 * standalone emulators installed as Flatpaks (Linux, SteamOS), then MiSTer's cores or RetroArch, then the
 * standalone emulators the reference does not index with (DuckStation, PPSSPP …). `launchers.preference`
 * reorders among those that can run a file. Recalbox adds nothing of its own: custom launchers and RetroArch
 * cover it, as in the reference.
 */
export class PlatformSet {
  /** Starts a system without media (MiSTer: its core), where the platform can. */
  readonly systemLauncher?: Launcher & SystemLauncher;
  /** Takes a screenshot of what the device shows, where the platform can (MiSTer). */
  readonly screenshot?: () => Promise<Screenshot>;
  private readonly launchers: Launcher[] = [];
  /** Standalone emulators tried after RetroArch (the reference does not index their folders: DuckStation, PPSSPP …). */
  private readonly lateLaunchers: Launcher[] = [];
  private readonly watchers: ActivityWatcher[] = [];
  private readonly active: ActivityWatcher[] = [];
  /** MiSTer's own commands (`mister.*`), on MiSTer. */
  readonly misterCommands?: MisterCommands;
  /** MiSTer's "now playing" from MiSTer Main's /tmp files (platform mister, or a test's CORENAME path). */
  private readonly misterTracker?: MisterTracker;
  /** The system launcher where it is MiSTer's. */
  private readonly misterLauncher?: MisterLauncher;
  /** MiSTer: arcade names of `.mra` files for the media index. */
  private readonly mraTitles?: MraTitles;
  /** MiSTer: USB and network storage mounted or unmounted re-index the media. */
  private storageWatch?: MisterStorageWatch;
  private readonly watchMounts?: ((path: string, onChange: () => void) => MountWatch) | undefined;
  private custom: { cfg: Config["launchers"]["custom"]; launchers: Launcher[] } | null = null;

  private readonly platform: PlatformId;
  private readonly config: () => Readonly<Config>;
  private readonly spawn: Spawn;

  constructor(
    deps: { platform: PlatformId; config: () => Readonly<Config>; tracker: MediaTracker; spawn: Spawn; watchMounts?: ((path: string, onChange: () => void) => MountWatch) | undefined },
    private readonly opts: PlatformOptions = {},
  ) {
    const { tracker, spawn } = deps;
    const platform = platformFamily(deps.platform); // whose launchers it uses (detect.ts)
    this.platform = deps.platform;
    this.config = deps.config;
    this.spawn = spawn;
    this.watchMounts = deps.watchMounts;
    if (opts.mister || platform === "mister") {
      const m = mister();
      const misterPaths = opts.mister ?? (deps.platform === "mistex" ? m.MISTEX_PATHS : m.DEFAULT_MISTER_PATHS);
      if (!opts.mister || opts.mister.coreNamePath) {
        const returnToMenu = () => (this.systemLauncher as MisterLauncher).returnToMenu();
        this.misterTracker = new m.MisterTracker({ sdRoot: misterPaths.sdRoot, tmpDir: dirname(misterPaths.coreNamePath ?? "/tmp/CORENAME"), returnToMenu }, tracker);
      }
      const track = this.misterTracker && ((what: Parameters<MisterTracker["launched"]>[0]) => this.misterTracker!.launched(what));
      this.misterLauncher = new m.MisterLauncher(misterPaths, track);
      this.systemLauncher = this.misterLauncher;
      this.misterCommands = new m.MisterCommands({ ...misterPaths, coreNamePath: misterPaths.coreNamePath ?? "/tmp/CORENAME", memPath: opts.misterMemPath, console: opts.misterConsole }, spawn);
      this.mraTitles = new m.MraTitles(m.ArcadeDb.onCard(misterPaths.sdRoot));
      this.screenshot = () => m.takeMisterScreenshot(opts.mister ?? m.DEFAULT_MISTER_PATHS);
    }
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
        spawn,
        hotkeygen,
        checkDelayMs: opts.batoceraCheckDelayMs,
        settleMs: opts.batoceraSettleMs,
        startWindowMs: opts.startWindowMs,
      });
      const esWatcher = watch(activity, true);
      this.launchers.push(...batoceraSystemLaunchers(api, esWatcher));
      this.launchers.push(new BatoceraLauncher(api, esWatcher));
    }
    if (platform === "retropie") {
      const activity = new RetroPieActivity({ procRoot: opts.procRoot, graceMs: opts.graceMs });
      watch(activity, true);
      this.launchers.push(...retroPieLaunchers({ paths: opts.retropie ?? DEFAULT_RETROPIE_PATHS, spawn, graceMs: opts.graceMs, activity }));
    }
    if (platform === "replayos") {
      const activity = new ReplayActivity({ spawn, root: opts.root, procRoot: opts.procRoot, systemctl: opts.replayos?.systemctl, startWindowMs: opts.startWindowMs });
      this.launchers.push(...replayLaunchers({ activity, watcher: watch(activity, true), clearMs: opts.replayos?.autostartClearMs }));
    }
    if (platform === "steamos") {
      const o = { home, spawn, flatpak: opts.flatpak, graceMs: opts.graceMs };
      this.launchers.push(new EmuDeckLauncher(o), new RetroDeckLauncher(o));
    }
    if (platform === "linux" || platform === "steamos") {
      const steamRoot = () => findSteamRoot(p().steam_dir, home);
      const activity = new SteamActivity({ procRoot: opts.procRoot, steamRoot, home, startWindowMs: opts.startWindowMs, graceMs: opts.graceMs });
      const tracked = opts.procRoot !== undefined || steamRoot() !== undefined || existsSync("/usr/games/steam");
      const opener = () => opts.steamOpener ?? (platform === "steamos" ? ["steam"] : ["xdg-open"]);
      this.launchers.push(new SteamLauncher(opener, watch(activity, tracked), spawn));
      const tree = { procRoot: opts.procRoot, intervalMs: opts.treeIntervalMs };
      const urls = { spawn, programs: opts.programs, graceMs: opts.graceMs, tree, home, root: opts.root, flatpak: opts.flatpak };
      if (deps.platform === "chimeraos") this.launchers.push(new ChimeraGogLauncher({ home, spawn, graceMs: opts.graceMs, tree }));
      this.launchers.push(lutrisLauncher(urls), heroicLauncher(urls), new WebBrowserLauncher(urls));
      const standalone = standaloneLaunchers({ home, root: opts.root, spawn, flatpak: opts.flatpak, graceMs: opts.graceMs, tree });
      const late = (l: StandaloneLauncher) => l.emulator.secondary === true;
      this.launchers.push(...standalone.filter((l) => !late(l)));
      this.lateLaunchers.push(...standalone.filter(late));
    }
  }

  /** Every launcher in priority order: custom ones from the config, the platform's, then the built-in one. */
  all(): Launcher[] {
    const cfg = this.config().launchers;
    if (this.custom?.cfg !== cfg.custom) {
      const tree = { procRoot: this.opts.procRoot, intervalMs: this.opts.treeIntervalMs };
      const built = cfg.custom.map((c) => new CustomLauncher(c, this.spawn, this.opts.graceMs, this.platform, tree));
      for (const l of built) for (const note of l.notes) logger.info(`custom launcher ${l.id}: ${note}`);
      this.custom = { cfg: cfg.custom, launchers: built.filter((l) => l.usable) };
    }
    const builtIn: Launcher[] = [];
    if (this.systemLauncher) builtIn.push(this.systemLauncher);
    if (this.misterLauncher) builtIn.push(...this.misterLauncher.altLaunchers());
    else if (cfg.retroarch && this.platform !== "batocera" && this.platform !== "replayos") {
      const o = this.opts;
      const tree = { procRoot: o.procRoot, intervalMs: o.treeIntervalMs };
      builtIn.push(new RetroArchLauncher({ spawn: this.spawn, graceMs: o.graceMs, home: o.home, root: o.root, flatpak: o.flatpak, tree, ...o.retroarch }));
    }
    return [...this.custom.launchers, ...this.launchers, ...builtIn, ...this.lateLaunchers];
  }

  /** Builds the custom launchers again on the next use (`launchers.refresh`), even if their config is unchanged. */
  rescan(): void {
    this.custom = null;
  }

  /**
   * The extension lists of a system's launchers, each most preferred first, in launcher priority order (only the
   * named launcher's when `launcherId` names one that has a list), for a title launch's file-type preference.
   */
  extensionLists(systemId: string, launcherId?: string): string[][] {
    const named = launcherId ? this.launcherById(launcherId)?.extensionsFor?.(systemId) : undefined;
    if (named) return [[...named]];
    const lists: string[][] = [];
    for (const l of this.all()) {
      const exts = l.extensionsFor?.(systemId);
      if (exts && exts.length > 0) lists.push([...exts]);
    }
    return lists;
  }

  /** The launcher a script names (`?launcher=<id>`, any case). */
  launcherById(id: string): Launcher | undefined {
    return this.all().find((l) => l.id.toLowerCase() === id.toLowerCase());
  }

  /** The first launcher, in priority order, that handles the target. */
  pick(target: LaunchTarget): Launcher | undefined {
    return this.pickWithReasons(target).launcher;
  }

  /**
   * The launcher `pick` chooses, and every launcher before it (in priority order) with why it was passed over;
   * with none chosen, every launcher is listed. For scan traces.
   */
  pickWithReasons(target: LaunchTarget): { launcher?: Launcher; refused: { id: string; why: string }[] } {
    const refused: { id: string; why: string }[] = [];
    const what = target.scheme ? `${target.scheme}:// URLs` : target.extension ? `${target.extension} files` : "files without an extension";
    const all = this.all();
    const byPreference = preferred(all, this.config().launchers.preference, target);
    if (byPreference) return { launcher: byPreference, refused };
    for (const l of all) {
      if (l.handles(target)) return { launcher: l, refused };
      refused.push({ id: l.id, why: `does not handle ${what}${target.system && !target.scheme ? ` of system ${target.system.id}` : ""}` });
    }
    return { refused };
  }

  /**
   * The PC-store games installed here (Steam, Lutris, Heroic; ChimeraOS's GOG) as media of system PC, for the
   * index: `<scheme>://<id>` holding the game's name, so a result's path is the reference's virtual path.
   */
  storeMedia(open: (path: string) => SqlDatabase): VirtualMedia[] {
    const family = platformFamily(this.platform);
    if (family !== "linux" && family !== "steamos") return [];
    const games = storeGames({ home: this.opts.home ?? homedir(), steamDir: this.config().platforms.steam_dir, chimera: this.platform === "chimeraos", open });
    return games.map((g) => ({ system: "PC", dir: `${g.scheme}://${encodeURIComponent(g.id)}`, file: g.name.replaceAll("/", " ").trim() || g.id }));
  }

  /** Titles the platform gives a system's files beyond their file names (MiSTer: arcade names of MRAs). */
  titleSource(system: string): ((dir: string, file: string) => string | undefined) | undefined {
    const mra = this.mraTitles;
    return mra && system === "Arcade" ? (dir, file) => mra.title(dir, file) : undefined;
  }

  /** Changes when `titleSource`'s titles may have (MiSTer: the arcade database file replaced); "" without titles. */
  titleVersion(): string {
    return this.mraTitles?.version() ?? "";
  }

  /** Media folders the platform's launchers know beyond the configured and default roots (a test SD card's games). */
  extraRoots(): string[] {
    if (!this.misterLauncher) return [];
    const sd = (this.opts.mister ?? mister().DEFAULT_MISTER_PATHS).sdRoot;
    return [`${sd}/games`, `${sd}/cifs/games`, `${sd}/cifs`, sd];
  }

  /** The SD card's folder on MiSTer (the `operator` reader and tty2oled pictures look there); null elsewhere. */
  misterSdRoot(): string | null {
    return this.misterLauncher ? (this.opts.mister ?? mister().DEFAULT_MISTER_PATHS).sdRoot : null;
  }

  /** On MiSTer, `reindex` runs whenever a USB drive or network share is mounted or unmounted (from start). */
  onStorageChange(reindex: () => Promise<void>): void {
    const onMister = this.platform === "mister" || this.platform === "mistex";
    if (onMister && this.watchMounts) this.storageWatch = new (mister().MisterStorageWatch)(this.watchMounts, reindex);
  }

  start(): void {
    for (const w of this.active) w.start();
    this.misterTracker?.start();
    this.storageWatch?.start();
  }

  async stop(): Promise<void> {
    this.misterTracker?.stop();
    await this.storageWatch?.stop();
    await Promise.all(this.active.map((w) => w.stop()));
  }

  /** Asks every running watcher for a fresh look now (after a launch or stop; tests). */
  async refresh(): Promise<void> {
    await Promise.all(this.active.map((w) => w.tick()));
  }
}
