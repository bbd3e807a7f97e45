import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { basename, extname, join, relative, sep } from "node:path";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { log } from "../../log.ts";
import type { ActivityReport, PlatformActivity } from "../shared/activity.ts";
import type { Spawn } from "../shared/process-media.ts";
import { listPids } from "../shared/process-tree.ts";
import { runCommand } from "../shared/run-command.ts";
import { deleteAutostart, detectReplayStorage, RECENT_DIR, type ReplayStorage, recRomPath } from "./storage.ts";
import { replaySystemForFolder, systemForCore } from "./system-map.ts";

const logger = log.withTag("replayos");

export const REPLAY_BINARY = "/opt/replay/replay";
const CORES_DIR = "/opt/replay/cores/";
/** The menu's own core: always loaded, not a game. */
const MENU_CORE = "replay_libretro.so";

export interface ReplayActivityOptions {
  spawn: Spawn;
  /** The file system's root ("/"; tests: a fake root holding /media/<drive>). */
  root?: string;
  procRoot?: string;
  /** The `systemctl` command (tests: a recording script). */
  systemctl?: string;
  startWindowMs?: number;
}

/** The libretro core the replay process has mapped (its `/proc/<pid>/maps`), other than the menu's; "" when none. */
export function loadedCore(maps: string): string {
  for (const line of maps.split("\n")) {
    const file = line.trim().split(/\s+/).at(-1) ?? "";
    if (file.startsWith(CORES_DIR) && file.endsWith(".so") && basename(file) !== MENU_CORE) return basename(file);
  }
  return "";
}

/**
 * "Now playing" on ReplayOS: the `replay` program (`/opt/replay/replay`, run by replay.service) has the
 * game's libretro core mapped while a game runs. The ROM is the one we launched, else the one ReplayOS records
 * in `roms/_recent/*.rec` when its menu starts a game; the system comes from the ROM's folder, else from the
 * core. Stopping clears the autostart file and restarts replay.service, which returns to the menu.
 */
export class ReplayActivity implements PlatformActivity {
  readonly id = "ReplayOS";
  readonly startWindowMs: number;
  /** The ROM a launch of ours asked for; taken by the next core seen loaded. */
  pending: string | undefined;
  private storage: ReplayStorage;
  private lastCore = "";
  private lastRom: string | undefined;
  private recSeen: Map<string, number> | null = null;
  private readonly catalog = systemCatalog();

  constructor(private readonly opts: ReplayActivityOptions) {
    this.startWindowMs = opts.startWindowMs ?? 30_000;
    this.storage = detectReplayStorage(opts.root);
    if (this.storage.active) logger.info(`ReplayOS storage ${this.storage.active}${this.storage.note ? ` (${this.storage.note})` : ""}`);
  }

  /** The drives found (looked for again on every poll: a USB drive may come later). */
  drives(): ReplayStorage {
    return this.storage;
  }

  restartService(): Promise<void> {
    return runCommand(this.opts.spawn, [this.opts.systemctl ?? "systemctl", "restart", "replay.service"], 30_000);
  }

  private replayPid(): number | undefined {
    const procRoot = this.opts.procRoot ?? "/proc";
    return listPids(procRoot).find((pid) => {
      try {
        return readlinkSync(join(procRoot, String(pid), "exe")) === REPLAY_BINARY;
      } catch {
        return false; // ended, or not ours to look at
      }
    });
  }

  /** A `.rec` file written since the last look names the game ReplayOS's menu started. */
  private recentFromMenu(): string | undefined {
    const active = this.storage.active;
    if (!active) return undefined;
    const dir = join(active, "roms", RECENT_DIR);
    const now = new Map<string, number>();
    try {
      for (const f of readdirSync(dir)) if (f.endsWith(".rec")) now.set(f, statSync(join(dir, f)).mtimeMs);
    } catch {}
    const before = this.recSeen;
    this.recSeen = now;
    if (!before) return undefined;
    let newest: [string, number] | undefined;
    for (const [f, m] of now) if (before.get(f) !== m && (!newest || m > newest[1])) newest = [f, m];
    if (!newest) return undefined;
    try {
      return recRomPath(active, readFileSync(join(dir, newest[0]), "utf8"));
    } catch {
      return undefined;
    }
  }

  async poll(): Promise<ActivityReport | null> {
    this.storage = detectReplayStorage(this.opts.root);
    const fromMenu = this.recentFromMenu();
    if (fromMenu && !this.pending) this.pending = fromMenu;
    const pid = this.replayPid();
    let core = "";
    if (pid !== undefined) {
      try {
        core = loadedCore(readFileSync(join(this.opts.procRoot ?? "/proc", String(pid), "maps"), "utf8"));
      } catch {}
    }
    if (core === "") {
      this.lastCore = "";
      this.lastRom = undefined;
      return null;
    }
    if (core !== this.lastCore) {
      this.lastCore = core;
      this.lastRom = this.pending;
      this.pending = undefined;
    }
    return this.report(core, this.lastRom);
  }

  private report(core: string, rom: string | undefined): ActivityReport {
    const folder = rom && this.storage.active ? relative(join(this.storage.active, "roms"), rom).split(sep)[0] : undefined;
    const systemId = (folder && replaySystemForFolder(folder)?.systemId) || systemForCore(core) || "";
    const system = this.catalog.byIdExact(systemId);
    const file = rom ? basename(rom) : "";
    return {
      keys: rom ? [`path:${rom}`] : [`core:${core}`],
      media: {
        launcherId: (folder && replaySystemForFolder(folder)?.launcherId) || "ReplayOS",
        systemId,
        systemName: system?.name ?? systemId,
        mediaPath: rom ?? "",
        mediaName: file.slice(0, file.length - extname(file).length) || core.replace(/_libretro\.so$/, ""),
      },
    };
  }

  async stop(): Promise<void> {
    if (this.storage.active) deleteAutostart(this.storage.active);
    this.pending = undefined;
    await this.restartService();
    this.lastCore = "";
    this.lastRom = undefined;
  }
}
