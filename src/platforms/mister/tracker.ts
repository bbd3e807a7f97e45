import { existsSync, type FSWatcher, mkdirSync, readFileSync, watch } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { type Clock, systemClock } from "../../core/clock.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { log } from "../../log.ts";
import type { MediaTracker } from "../shared/activity.ts";
import type { RunningMedia } from "../shared/launcher.ts";
import { ArcadeDb } from "./arcade-db.ts";
import { unescapeXml } from "../../core/media/gamelist-xml.ts";
import { readMraHead } from "./mra-titles.ts";
import { isRecentList, newestRecentFile, usbStorageSelected } from "./recents.ts";
import { coreSystem, MISTER_CORES, misterCoreFor, slotFor } from "./cores.ts";
import { initialMisterState, type MisterPending, type MisterPlaying, misterStep, type MisterTrackerInput, pendingKey, playingKey } from "./tracker-state.ts";

const logger = log.withTag("mister");

/** MiSTer Main rewrites its files by truncating first: wait this long after the last change before reading. */
const SETTLE_MS = 50;
const WATCHED = new Set(["CORENAME", "FILESELECT", "FULLPATH", "ACTIVEGAME"]);

export interface MisterTrackerOptions {
  /** SD card root: relative paths in MGLs and ACTIVEGAME are resolved against it. */
  sdRoot: string;
  /** Where MiSTer Main writes CORENAME, FILESELECT, FULLPATH (and others write ACTIVEGAME): `/tmp`. */
  tmpDir: string;
  /** MiSTer's config folder, where it keeps the OSD's recent lists (default `<sdRoot>/config`). */
  configDir?: string;
  /** Returns to MiSTer's menu (`load_core menu.rbf`). */
  returnToMenu: () => void;
  clock?: Clock;
  /** Arcade names by set name (default: the ArcadeDatabase.csv copy on the SD card). */
  arcadeDb?: ArcadeDb;
}

/** Media on the MiSTer: replaced by the next load without a trip to the menu; ends when the tracker sees it go. */
class MisterRunning implements RunningMedia {
  readonly replacedByNextLaunch = true;
  readonly exited: Promise<void>;
  private done!: () => void;

  constructor(
    readonly key: string,
    private readonly stopIt: () => void,
    /** The arcade name of an MRA we launch (what media.started shows). */
    readonly mediaName?: string,
  ) {
    this.exited = new Promise<void>((r) => (this.done = r));
  }

  ended(): void {
    this.done();
  }

  async stop(): Promise<void> {
    this.stopIt();
    this.done();
  }
}

/**
 * "Now playing" on MiSTer from the files MiSTer Main writes under /tmp: watches the folder (inotify through
 * `fs.watch`, on Bun and Node), feeds each change to the pure state machine (`tracker-state.ts`) and turns
 * changes of what plays into the active-media tracker's begin/end (so media.started/stopped, history and
 * playtime follow). Our own launches are announced with `launched` and are not reported twice.
 */
export class MisterTracker {
  private state = initialMisterState();
  private current: MisterRunning | null = null;
  private watcher: FSWatcher | null = null;
  private configWatcher: FSWatcher | null = null;
  private timer: unknown = null;
  private changed = new Set<string>();
  /** Recent lists rewritten since the last flush (file names in the config folder). */
  private recents = new Set<string>();
  private readonly clock: Clock;
  private readonly arcade: ArcadeDb;

  constructor(
    private readonly opts: MisterTrackerOptions,
    private readonly tracker: MediaTracker,
  ) {
    this.clock = opts.clock ?? systemClock;
    this.arcade = opts.arcadeDb ?? ArcadeDb.onCard(opts.sdRoot);
  }

  start(): void {
    if (this.watcher) return;
    try {
      this.watcher = watch(this.opts.tmpDir, (_event, name) => {
        if (!name || !WATCHED.has(String(name))) return;
        this.changed.add(String(name));
        this.settle();
      });
      this.watcher.on("error", (err) => logger.warn(`watching ${this.opts.tmpDir} failed: ${err.message}`));
    } catch (err) {
      logger.warn(`cannot watch ${this.opts.tmpDir} for what MiSTer runs: ${(err as Error).message}`);
      return;
    }
    this.watchRecents();
    const core = this.read("CORENAME");
    if (core) this.apply([this.coreInput(core)]);
    const active = this.read("ACTIVEGAME");
    if (active && this.state.core !== "" && this.state.core !== "MENU") this.apply([{ type: "selected", path: this.resolve(active) }]);
  }

  stop(): void {
    this.watcher?.close();
    this.watcher = null;
    this.configWatcher?.close();
    this.configWatcher = null;
    this.clock.clear(this.timer);
  }

  /** Our launcher asked MiSTer Main to load a file (`path`) or a system's core: the media to hand the tracker. */
  launched(what: { path: string } | { systemId: string }): RunningMedia {
    const pending: MisterPending =
      "systemId" in what ? { kind: "core", systemId: what.systemId } : extname(what.path).toLowerCase() === ".mra" ? { kind: "arcade", path: resolve(what.path) } : { kind: "game", path: resolve(what.path) };
    this.state = misterStep(this.state, { type: "launched", what: pending });
    this.current = this.running(pendingKey(pending), pending.kind === "arcade" ? this.arcadeName("", pending.path) : undefined);
    return this.current;
  }

  /**
   * The OSD's recent lists (config folder, created as the reference does when missing): MiSTer Main rewrites one
   * when a game is loaded from it, and writes no FILESELECT then.
   */
  private watchRecents(): void {
    const dir = this.configDir();
    try {
      mkdirSync(dir, { recursive: true });
      this.configWatcher = watch(dir, (_event, name) => {
        if (!name || !isRecentList(String(name))) return;
        this.recents.add(String(name));
        this.settle();
      });
      this.configWatcher.on("error", (err) => logger.warn(`watching ${dir} failed: ${err.message}`));
    } catch (err) {
      logger.warn(`cannot watch ${dir} for MiSTer's recent lists: ${(err as Error).message}`);
    }
  }

  /** MiSTer Main rewrites its files by truncating first: reads them once they have been still for SETTLE_MS. */
  private settle(): void {
    this.clock.clear(this.timer);
    this.timer = this.clock.set(() => this.flush(), SETTLE_MS);
  }

  private configDir(): string {
    return this.opts.configDir ?? join(this.opts.sdRoot, "config");
  }

  /** The game the newest record of a rewritten recent list loaded, as a selection; undefined when none. */
  private recentSelection(name: string): MisterTrackerInput | undefined {
    const dir = this.configDir();
    let data: Uint8Array;
    try {
      data = readFileSync(join(dir, name));
    } catch (err) {
      logger.debug(`cannot read recent list ${name}: ${(err as Error).message}`);
      return undefined;
    }
    let device: Uint8Array | undefined;
    try {
      device = readFileSync(join(dir, "device.bin"));
    } catch {
      device = undefined;
    }
    const path = newestRecentFile(name, data, { sdRoot: this.opts.sdRoot, usb: usbStorageSelected(device), exists: existsSync });
    return path === undefined ? undefined : this.selection(path);
  }

  /** Reads the files that changed, in the order MiSTer Main writes them (selection before the core). */
  private flush(): void {
    const names = this.changed;
    this.changed = new Set();
    const recents = this.recents;
    this.recents = new Set();
    const inputs: MisterTrackerInput[] = [];
    for (const name of recents) {
      const picked = this.recentSelection(name);
      if (picked) inputs.push(picked);
    }
    if (names.has("FILESELECT") && this.read("FILESELECT") === "selected") {
      const path = this.read("FULLPATH");
      if (path) inputs.push(this.selection(path));
    }
    if (names.has("ACTIVEGAME")) {
      const path = this.read("ACTIVEGAME");
      if (path) inputs.push(this.selection(path));
    }
    if (names.has("CORENAME")) inputs.push(this.coreInput(this.read("CORENAME")));
    this.apply(inputs);
  }

  /** A picked file; an MGL is read for the game it loads (the core comes with it). */
  private selection(raw: string): MisterTrackerInput {
    const path = this.resolve(raw);
    if (extname(path).toLowerCase() !== ".mgl") return { type: "selected", path };
    try {
      const m = /<file\b[^>]*\bpath="([^"]*)"/.exec(readFileSync(path, "utf8"));
      if (m?.[1]) return { type: "selected", path: this.resolve(unescapeXml(m[1])), loadsCore: true };
    } catch (err) {
      logger.debug(`cannot read MGL ${path}: ${(err as Error).message}`);
    }
    return { type: "selected", path };
  }

  private apply(inputs: MisterTrackerInput[]): void {
    const before = playingKey(this.state.playing);
    for (const input of inputs) this.state = misterStep(this.state, input);
    const playing = this.state.playing;
    const key = playingKey(playing);
    if (key === before) return;
    const cur = this.current && this.tracker.isCurrent(this.current) ? this.current : null;
    if (cur?.key === key) return;
    if (!playing) {
      logger.info(`MiSTer: back to ${this.state.core === "MENU" ? "the menu" : `core ${this.state.core}`}`);
      cur?.ended();
      this.current = null;
      return;
    }
    logger.info(`MiSTer runs ${key}`);
    this.current = this.running(key);
    this.tracker.begin({ ...this.describe(playing), launcherId: "MiSTer", zapScript: "" }, this.current);
  }

  private describe(p: MisterPlaying): { systemId: string; systemName: string; mediaPath: string; mediaName: string } {
    const catalog = systemCatalog();
    const named = (id: string) => catalog.byIdExact(id)?.name ?? id;
    if (p.kind === "core") return { systemId: p.systemId, systemName: named(p.systemId), mediaPath: "", mediaName: "" };
    if (p.kind === "arcade") return { systemId: "Arcade", systemName: named("Arcade"), mediaPath: p.path || p.setname, mediaName: this.arcadeName(p.setname, p.path) ?? p.setname };
    const mediaName = basename(p.path, extname(p.path));
    const systemId = systemOfGame(p.core, p.path) ?? catalog.systemForPath(p.path)?.id ?? "";
    return { systemId, systemName: systemId ? named(systemId) : "", mediaPath: p.path, mediaName };
  }

  private running(key: string, mediaName?: string): MisterRunning {
    return new MisterRunning(
      key,
      () => {
        this.state = misterStep(this.state, { type: "stopped" });
        this.opts.returnToMenu();
      },
      mediaName,
    );
  }

  private coreInput(name: string): MisterTrackerInput {
    const known = name !== "" && name !== "MENU" && this.arcade.lookup(name) !== undefined;
    return { type: "core", name, arcade: known };
  }

  /**
   * An arcade game's name: the arcade database's for the set running (CORENAME) or the one its MRA names, else
   * the MRA's `<name>`, else its file name; undefined with neither.
   */
  private arcadeName(setname: string, mra: string): string | undefined {
    const head = mra ? readMraHead(mra) : undefined;
    const hit = this.arcade.lookup(setname) ?? (head ? this.arcade.lookup(head.setname) : undefined);
    if (hit) return hit.name;
    if (head?.name) return head.name; // as the media index names it
    return mra ? basename(mra, extname(mra)) : undefined;
  }

  private resolve(path: string): string {
    return resolve(this.opts.sdRoot, path);
  }

  private read(name: string): string {
    try {
      return readFileSync(join(this.opts.tmpDir, name), "utf8").trim();
    } catch {
      return "";
    }
  }
}

/** The system of a game file in a core: the core whose RBF is named like CORENAME and takes the file. */
function systemOfGame(core: string, path: string): string | undefined {
  const byCore = MISTER_CORES.filter((c) => basename(c.rbf).toLowerCase() === core.toLowerCase());
  const hit = byCore.find((c) => slotFor(c.slots, path) !== undefined) ?? byCore[0];
  if (hit) return coreSystem(hit);
  const byFile = misterCoreFor(undefined, path);
  return byFile ? coreSystem(byFile.core) : undefined;
}
