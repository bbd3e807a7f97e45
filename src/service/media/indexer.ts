import { DomainError } from "../../core/errors.ts";
import { type Dirent, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import type { SystemDefinition } from "../../core/media-types.ts";
import { ROW_NAMES_VERSION } from "../../core/media/row-names.ts";
import type { SystemCatalog } from "../../core/systems/catalog.ts";
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime/types.ts";
import { createHash } from "node:crypto";
import { addReused, readFolderRecords } from "./folder-records.ts";
import { type DoneStep, IndexCheckpoint } from "./index-checkpoint.ts";
import { writeIndexFile, type WrittenSystem } from "./index-writer.ts";
import type { MediaStore } from "./media-store.ts";
import { SplitRun } from "./split-run.ts";
import type { Progress } from "./status.ts";
import { type SystemWalk, type SystemWalkRequest, unchangedWalk, walkSystem } from "./system-walk.ts";
import type { SystemScan } from "./walker.ts";
import type { VirtualMedia } from "../../platforms/shared/pc-stores.ts";

const logger = log.withTag("media");

/** One step of a run: a system and the folders (absolute) that hold its files, across all roots. */
export interface PlannedSystem {
  system: SystemDefinition;
  folders: string[];
}

export class IndexBusyError extends DomainError {
  constructor() {
    super("busy", "media indexing is already running");
  }
}
export class IndexInterruptedError extends DomainError {
  constructor() {
    super("failed", "media indexing was interrupted; the previous index is kept");
  }
}

/**
 * Finds the system folders under each root (matched by name, case-insensitively), plus absolute folders the
 * data names. Roots that do not exist or cannot be read are skipped.
 */
export function planIndex(catalog: SystemCatalog, roots: readonly string[], targets: readonly SystemDefinition[]): PlannedSystem[] {
  const wanted = new Set(targets.map((t) => t.id));
  const folders = new Map<string, string[]>();
  const seen = new Map<string, Set<string>>();
  const add = (id: string, abs: string) => {
    let real = abs;
    try {
      real = realpathSync(abs);
    } catch {}
    const s = seen.get(id) ?? new Set<string>();
    if (s.has(real)) return;
    s.add(real);
    seen.set(id, s);
    folders.set(id, [...(folders.get(id) ?? []), abs]);
  };
  for (const root of roots) {
    let entries: Dirent[];
    try {
      entries = readdirSync(root, { withFileTypes: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") logger.warn(`cannot read root folder ${root}: ${code ?? err}`);
      continue;
    }
    for (const e of entries) {
      const systems = catalog.systemsForFolder(e.name).filter((s) => wanted.has(s.id));
      if (systems.length === 0) continue;
      const abs = `${root === "/" ? "" : root}/${e.name}`;
      if (!e.isDirectory() && !(e.isSymbolicLink() && isDir(abs))) continue;
      for (const s of systems) add(s.id, abs);
    }
  }
  for (const t of targets) for (const f of t.folders) if (f.startsWith("/") && isDir(f)) add(t.id, f);
  return targets.flatMap((t) => (folders.has(t.id) ? [{ system: t, folders: folders.get(t.id) as string[] }] : []));
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export interface IndexerDeps {
  runtime: Runtime;
  /** The platform's games that are not files (PC stores), added to their system at every run. */
  virtualMedia?(): readonly VirtualMedia[];
  store: MediaStore;
  catalog: SystemCatalog;
  roots(): string[];
  zipsAsFolders(): boolean;
  /** The platform's titles for a system's files (MiSTer arcade names), if it names them beyond their file names. */
  titleSource?(system: string): ((dir: string, file: string) => string | undefined) | undefined;
  /** Changes when the platform's titles may have (a replaced arcade database): the next run rewrites the index. */
  titleVersion?(): string;
  /** Progress changed (throttling is the listener's business); `force` marks the first and last of a run. */
  onProgress(progress: Progress | null, force: boolean): void;
}

/** Starts of a resumed run that finish no further system before it is given up (a run that always dies there). */
export const MAX_RESUME_STALLS = 5;

/** Least time between two checkpoint commits after the first (each one syncs the disk). */
export const CHECKPOINT_EVERY_MS = 1000;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What decides which files a walk keeps and how they read: the systems' extensions, how zips are read, the titles. */
function walkKeyOf(catalog: SystemCatalog, zips: boolean, titles: string): string {
  return createHash("sha1")
    .update(JSON.stringify([zips, catalog.all.map((s) => [s.id, s.extensions]), ...(titles ? [titles] : []), ...(ROW_NAMES_VERSION > 1 ? [ROW_NAMES_VERSION] : [])]))
    .digest("hex");
}

/** Figures of the last finished run (how much of the tree it could skip). */
export interface RunStats {
  /** The served index was kept as it was: nothing changed. */
  unchanged: boolean;
  /** Systems taken from an interrupted run's checkpoint. */
  resumedSystems: number;
  /** Systems whose folders were all unchanged. */
  unchangedSystems: number;
}

/**
 * Runs index builds, one at a time: walks the planned folders, writes a new index file and swaps it in. The
 * served index stays untouched (and searchable) until the swap; an error or `interrupt()` leaves it as it was.
 * Each finished system is committed to a checkpoint, so a run cut off resumes after it (`resume`). Folders whose
 * mtime and entry count are as the served index recorded are not read again; a run that finds nothing changed
 * keeps the served index.
 */
export class MediaIndexer {
  private progress: Progress | null = null;
  private aborted = false;
  private keepCheckpoint = false;
  private current: Promise<number> | null = null;
  private readonly checkpoint: IndexCheckpoint;
  /** The running full run's second thread: it walks, and writes the media rows (split-run.ts). */
  private split: SplitRun | null = null;
  lastRun: RunStats | null = null;

  constructor(private readonly deps: IndexerDeps) {
    this.checkpoint = new IndexCheckpoint(deps.runtime, `${deps.store.path}.partial`);
  }

  get running(): boolean {
    return this.current !== null;
  }

  get currentProgress(): Progress | null {
    return this.progress;
  }

  /** An interrupted run left a checkpoint to resume from. */
  get resumable(): boolean {
    return this.checkpoint.exists;
  }

  /**
   * Starts a run (all systems, or only `systems`, keeping the others as indexed); `resume` continues the
   * interrupted run instead (its systems; those it finished are not walked again). Throws IndexBusyError.
   */
  start(systems?: readonly SystemDefinition[], resume = false): Promise<number> {
    if (this.current) throw new IndexBusyError();
    this.aborted = false;
    this.keepCheckpoint = false;
    const run = this.run(systems, resume).finally(() => {
      this.current = null;
      this.progress = null;
    });
    this.current = run;
    return run;
  }

  /** Stops a running build at its next step; the served index is kept. `keep`: it may be resumed later. */
  async interrupt(keep = false): Promise<void> {
    this.aborted = true;
    this.keepCheckpoint = keep;
    await this.current?.catch(() => undefined);
  }

  /** Resolves once no run is going (at once when none is). */
  async idle(): Promise<void> {
    while (this.current) await this.current.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    await yieldToLoop();
    if (this.aborted) throw new IndexInterruptedError();
    this.deps.onProgress(this.progress, false);
  }

  private async run(request: readonly SystemDefinition[] | undefined, resume: boolean): Promise<number> {
    const { catalog, store } = this.deps;
    const zips = this.deps.zipsAsFolders();
    const walkKey = walkKeyOf(catalog, zips, this.deps.titleVersion?.() ?? "");
    const state = resume ? this.checkpoint.resume() : null;
    if (resume && (!state || state.stalls >= MAX_RESUME_STALLS)) {
      if (state) logger.warn(`an interrupted index run made no progress in ${state.stalls} starts; it is given up (index again to rebuild)`);
      this.checkpoint.remove();
      return store.totalMedia;
    }
    const only = state ? (state.only ? state.only.flatMap((id) => catalog.byIdExact(id) ?? []) : undefined) : request;
    const done = state && state.walkKey === walkKey ? state.done : new Map<string, DoneStep>();
    if (!state || state.walkKey !== walkKey) this.checkpoint.begin(only ? only.map((s) => s.id) : null, walkKey);
    if (done.size > 0) logger.info(`resuming the interrupted index run: ${done.size} systems were finished before`);
    const roots = this.deps.roots();
    const started = Date.now();
    const plan = planIndex(catalog, roots, only ?? catalog.all);
    const virtual = this.virtualBySystem(only ?? catalog.all, plan);
    const first = plan.find((p) => !done.has(p.system.id)) ?? plan[plan.length - 1];
    const progress: Progress = { totalSteps: plan.length, currentStep: first ? plan.indexOf(first) + 1 : 0, currentStepDisplay: first?.system.name ?? "", totalFiles: 0 };
    this.progress = progress;
    this.deps.onProgress(progress, true);
    const served = store.database;
    const metaOf = (key: string) => served?.prepare("SELECT value FROM meta WHERE key = ?").get<{ value: string }>(key)?.value;
    const priorOk = served !== null && metaOf("walk") === walkKey;
    const virtualKey = createHash("sha1").update(JSON.stringify([...virtual])).digest("hex");
    const virtualSame = metaOf("virtual") === virtualKey;
    const stats: RunStats = { unchanged: false, resumedSystems: 0, unchangedSystems: 0 };
    const counts = new Map(store.indexedSystems().map((s) => [s.id, s.count]));
    try {
      const results = new Map<string, DoneStep>();
      const pending: Array<[string, DoneStep]> = [];
      let lastCommit = -1;
      // a full run of files (split-run.ts): once the first system, walked here, is found changed, a second thread
      // walks the others (but those this one claims while it has nothing to parse) and writes the media rows while
      // this one parses the names walked; it is given up at a system it cannot write so (unchanged, partly kept
      // from the served index, platform titles): the writer then writes the file itself
      let handing = !only && done.size === 0 && virtual.size === 0;
      const tick = () => this.tick();
      const walkRequest = (step: PlannedSystem) => this.walkRequest(step, priorOk && (virtualSame || !virtual.has(step.system.id)), zips);
      let splitAsked = false;
      for (const [i, step] of plan.entries()) {
        const id = step.system.id;
        let result = done.get(id);
        if (result) stats.resumedSystems++;
        else {
          progress.currentStep = i + 1;
          progress.currentStepDisplay = step.system.name;
          await this.tick();
          const extra = virtual.get(id);
          const there = this.split?.take(id) ?? null;
          const walk = await (there ?? walkSystem(walkRequest(step), { tick, countEntries: this.deps.runtime.countDirEntries }));
          result = this.walked(walk);
          if (extra && result.scan) addVirtual(result.scan, extra);
          // (a system some of whose folders are kept from the served index is written by the writer, as the
          // thread does not write one it walks so)
          if (handing && (!result.scan || walk.reused.length > 0)) {
            handing = false;
            this.split?.stopHanding();
          }
          if (handing && result.scan && !there) {
            if (!splitAsked) {
              // the first system walked, and changed: the second thread starts (before this run's first sync),
              // and walks each of the others it claims first
              splitAsked = true;
              this.split = SplitRun.start(this.deps.runtime, store.buildingPath);
              this.split?.writeRows(result.scan, result.indexedAt);
              this.split?.walkAll(plan.slice(i + 1).map(walkRequest));
            } else this.split?.writeRows(result.scan, result.indexedAt);
          }
          // an unchanged system costs little to check again: it is committed with the next changed one (a
          // sync per system would cost more than the check of an unchanged tree). Changed ones are committed
          // the first at once, then at most once a CHECKPOINT_EVERY_MS: each commit syncs the disk, which cost a
          // quarter of a full 250k run when done for every system; a cut loses at most that much walking.
          pending.push([id, result]);
          if (!result.unchanged && (lastCommit < 0 || Date.now() - lastCommit >= CHECKPOINT_EVERY_MS)) {
            this.checkpoint.commit(pending);
            pending.length = 0;
            lastCommit = Date.now();
          }
        }
        if (result.unchanged) stats.unchangedSystems++;
        if (handing && result.scan) await this.split?.hand(result.scan, this.deps.titleSource?.(id), tick);
        results.set(id, result);
        progress.totalFiles += result.scan ? result.scan.files.length : (counts.get(id) ?? 0);
      }
      // the steps not committed yet are written below: the list must not keep their walks (every file name of
      // up to a second of walking) alive through the write, which lets each go once written
      pending.length = 0;
      const scope = only ? new Set(only.map((s) => s.id)) : null;
      const dropped = [...counts.keys()].some((id) => (!scope || scope.has(id)) && !results.has(id));
      if (priorOk && virtualSame && !dropped && [...results.values()].every((r) => r.unchanged)) {
        this.split?.end();
        stats.unchanged = true;
        store.markChecked();
        logger.info(`media index unchanged (${plan.length} systems checked in ${Date.now() - started} ms); the served index is kept`);
      } else {
        const total = await this.write(results, only, { walk: walkKey, virtual: virtualKey });
        logger.info(`indexed ${total} media in ${plan.length} systems from ${roots.length} roots in ${Date.now() - started} ms`);
      }
      this.checkpoint.remove();
      this.lastRun = stats;
      return store.totalMedia;
    } catch (err) {
      if (!(this.aborted && this.keepCheckpoint)) this.checkpoint.remove();
      throw err;
    } finally {
      this.split?.end();
      this.split = null;
      this.checkpoint.close();
      try {
        rmSync(store.buildingPath, { force: true });
      } catch (err) {
        logger.warn(`cannot remove ${store.buildingPath}: ${(err as Error).message}`);
      }
      this.progress = null;
      this.deps.onProgress(null, true);
    }
  }

  /** The virtual media of the systems in this run, by system; each such system gets a step (even without folders). */
  private virtualBySystem(targets: readonly SystemDefinition[], plan: PlannedSystem[]): Map<string, VirtualMedia[]> {
    const out = new Map<string, VirtualMedia[]>();
    let list: readonly VirtualMedia[] = [];
    try {
      list = this.deps.virtualMedia?.() ?? [];
    } catch (err) {
      logger.warn(`cannot list the platform's store games: ${(err as Error).message}`);
    }
    const wanted = new Map(targets.map((t) => [t.id, t]));
    for (const v of list) {
      const system = wanted.get(v.system);
      if (!system) continue;
      if (!out.has(v.system)) out.set(v.system, []);
      out.get(v.system)!.push(v);
      if (!plan.some((p) => p.system.id === v.system)) plan.push({ system, folders: [] });
    }
    return out;
  }

  /** What walking one system's folders takes: against the served index's record of them when it has one. */
  private walkRequest(step: PlannedSystem, priorOk: boolean, zipsAsFolders: boolean): SystemWalkRequest {
    const served = this.deps.store.database;
    const id = step.system.id;
    return { system: id, folders: step.folders, extensions: [...step.system.extensions], zipsAsFolders, prior: priorOk && served ? readFolderRecords(served, id) : [] };
  }

  /** A system's step from its walk: unchanged, or its files (with those of the folders kept from the served index). */
  private walked(walked: SystemWalk): DoneStep {
    for (const warning of walked.warnings) logger.warn(warning);
    const { indexedAt, scan } = walked;
    if (unchangedWalk(walked)) return { indexedAt, unchanged: true, scan: null };
    const id = scan.system;
    if (walked.reused.length > 0) addReused(scan, walked.reused, this.deps.store.readSystems([id])[0]?.scan ?? { system: id, dirs: [], files: [], fileDirs: [] });
    return { indexedAt, unchanged: false, scan };
  }

  /** Writes the new index file from a run's results (and the systems it keeps) and swaps it in. */
  private async write(results: Map<string, DoneStep>, only: readonly SystemDefinition[] | undefined, meta: Record<string, string>): Promise<number> {
    const { catalog, store } = this.deps;
    const served = store.database;
    const written: WrittenSystem[] = [];
    for (const [id, r] of results) {
      if (r.scan) written.push({ scan: r.scan, indexedAt: r.indexedAt });
      else written.push(store.readSystems([id])[0] ?? { scan: { system: id, dirs: [], files: [], fileDirs: [], folders: served ? readFolderRecords(served, id) : [] }, indexedAt: r.indexedAt });
    }
    if (only) {
      const redone = new Set(only.map((s) => s.id));
      written.push(...store.readSystems(store.indexedSystems().map((s) => s.id).filter((id) => !redone.has(id))));
    }
    const order = new Map(catalog.all.map((s, i) => [s.id, i]));
    written.sort((a, b) => (order.get(a.scan.system) ?? 1e9) - (order.get(b.scan.system) ?? 1e9));
    for (const w of written) w.titleOf = this.deps.titleSource?.(w.scan.system);
    results.clear(); // the scans are the writer's from here: it lets each go once written
    const split = this.split;
    this.split = null; // the writer's from here: it ends it
    const total = await writeIndexFile(this.deps.runtime, store.buildingPath, written, () => this.tick(), meta, true, split);
    if (this.aborted) throw new IndexInterruptedError();
    store.replaceWith(store.buildingPath);
    return total;
  }
}

/** Adds media that is not a file to a system's walk: each its own folder (`steam://440`) holding one entry. */
function addVirtual(scan: SystemScan, media: readonly VirtualMedia[]): void {
  for (const v of media) {
    scan.fileDirs.push(scan.dirs.length);
    scan.dirs.push({ abs: v.dir, rel: v.dir });
    scan.files.push(v.file);
  }
}
