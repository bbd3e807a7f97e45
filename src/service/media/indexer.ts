import { DomainError } from "../../core/errors.ts";
import { type Dirent, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import type { SystemDefinition } from "../../core/media-types.ts";
import type { SystemCatalog } from "../../core/systems/catalog.ts";
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime/types.ts";
import { writeIndexFile, type WrittenSystem } from "./index-writer.ts";
import type { MediaStore } from "./media-store.ts";
import type { Progress } from "./status.ts";
import { type SystemScan, walkSystemFolder } from "./walker.ts";

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
  store: MediaStore;
  catalog: SystemCatalog;
  roots(): string[];
  zipsAsFolders(): boolean;
  /** Progress changed (throttling is the listener's business); `force` marks the first and last of a run. */
  onProgress(progress: Progress | null, force: boolean): void;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs index builds, one at a time: walks the planned folders, writes a new index file and swaps it in. The
 * served index stays untouched (and searchable) until the swap; an error or `interrupt()` leaves it as it was.
 */
export class MediaIndexer {
  private progress: Progress | null = null;
  private aborted = false;
  private current: Promise<number> | null = null;

  constructor(private readonly deps: IndexerDeps) {}

  get running(): boolean {
    return this.current !== null;
  }

  get currentProgress(): Progress | null {
    return this.progress;
  }

  /** Starts a run (all systems, or only `systems`, keeping the others as indexed). Throws IndexBusyError. */
  start(systems?: readonly SystemDefinition[]): Promise<number> {
    if (this.current) throw new IndexBusyError();
    this.aborted = false;
    const run = this.run(systems).finally(() => {
      this.current = null;
      this.progress = null;
    });
    this.current = run;
    return run;
  }

  /** Stops a running build at its next step; the served index is kept. */
  async interrupt(): Promise<void> {
    this.aborted = true;
    await this.current?.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    await yieldToLoop();
    if (this.aborted) throw new IndexInterruptedError();
    this.deps.onProgress(this.progress, false);
  }

  private async run(only?: readonly SystemDefinition[]): Promise<number> {
    const { catalog, store } = this.deps;
    const targets = only ?? catalog.all;
    const roots = this.deps.roots();
    const started = Date.now();
    const plan = planIndex(catalog, roots, targets);
    const first = plan[0]?.system;
    const progress: Progress = { totalSteps: plan.length, currentStep: first ? 1 : 0, currentStepDisplay: first?.name ?? "", totalFiles: 0 };
    this.progress = progress;
    this.deps.onProgress(progress, true);
    try {
      const written: WrittenSystem[] = [];
      const ctx = { zipsAsFolders: this.deps.zipsAsFolders(), tick: () => this.tick(), warn: (m: string) => logger.warn(m) };
      for (const [i, step] of plan.entries()) {
        progress.currentStep = i + 1;
        progress.currentStepDisplay = step.system.name;
        await this.tick();
        const scan: SystemScan = { system: step.system.id, dirs: [], files: [], fileDirs: [] };
        const extensions = new Set(step.system.extensions);
        for (const folder of step.folders) {
          const before = scan.files.length;
          await walkSystemFolder(folder, step.system.id, extensions, scan, ctx);
          progress.totalFiles += scan.files.length - before;
        }
        written.push({ scan, indexedAt: new Date().toISOString() });
      }
      if (only) {
        const redone = new Set(only.map((s) => s.id));
        written.push(...store.readSystems(store.indexedSystems().map((s) => s.id).filter((id) => !redone.has(id))));
      }
      const order = new Map(catalog.all.map((s, i) => [s.id, i]));
      written.sort((a, b) => (order.get(a.scan.system) ?? 1e9) - (order.get(b.scan.system) ?? 1e9));
      const total = await writeIndexFile(this.deps.runtime, store.buildingPath, written, () => this.tick());
      if (this.aborted) throw new IndexInterruptedError();
      store.replaceWith(store.buildingPath);
      logger.info(`indexed ${total} media in ${plan.length} systems from ${roots.length} roots in ${Date.now() - started} ms`);
      return total;
    } finally {
      try {
        rmSync(store.buildingPath, { force: true });
      } catch (err) {
        logger.warn(`cannot remove ${store.buildingPath}: ${(err as Error).message}`);
      }
      this.progress = null;
      this.deps.onProgress(null, true);
    }
  }
}

