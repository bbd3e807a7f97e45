import { rmSync } from "node:fs";
import { Deferred } from "../../core/deferred.ts";
import { DerivedIndexBuilder, type DerivedLists, type SystemRange } from "../../core/media/derived-index.ts";
import type { KeyedIds } from "../../core/media/title-order-halves.ts";
import { isVirtualPath } from "../../core/media/words.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { log } from "../../log.ts";
import type { Runtime, ThreadLink } from "../../runtime/types.ts";
import { DerivedChunks } from "./derived-chunks.ts";
import type { FromSplitRun, ToSplitRun } from "./split-run-messages.ts";
import { SystemNamesParser } from "./system-names.ts";
import { scanOf, type SystemWalk, type SystemWalkRequest, wireScan } from "./system-walk.ts";
import type { SystemScan } from "./walker.ts";

const logger = log.withTag("media");

/** Files parsed between two turns of the event loop (searches keep being served while a run parses). */
const UNIT_FILES = 4096;

/** What the writer takes from a split run whose thread wrote every media row. */
export interface ClaimedSplit {
  /** The word and tag lists of every file, built here from the names parsed; `systems` the rows' id ranges. */
  lists(systems: SystemRange[]): DerivedLists;
  /** Resolves once the thread has written every media row and closed the file (at `file`): the last media id. */
  rows: Promise<number>;
  file: string;
  /** The lower half of the title order's keys (title-order-halves.ts), for the writer to sort. */
  lower: Promise<KeyedIds>;
  /** The upper half, sorted in the thread from the keys made here, and the sample keys of its places. */
  upper: Promise<{ ids: Int32Array; samples: string[] }>;
  /** Ends the thread (once the file is finished, or given up). */
  end(): void;
}

/**
 * A full index run split between two threads (Bun: the second on the second core). The thread walks the systems
 * (readdir is the kernel's work, and the thread's code is compiled afresh each run, which costs the walk little and
 * a parse much) and writes their media rows into the new index file, every name's title and tags left to follow
 * from it (core/media/row-names.ts); this thread parses each system's names as it is handed (`hand`), builds the
 * word and tag lists from them, and hands the thread the title keys. Each system is walked by the thread that
 * claims it first (`walkAll`, `take`): this one claims the next only when it has nothing to parse (while the
 * thread starts, or should its walk fall behind), and hands its walk to the thread (`writeRows`). Once every row is
 * written, the thread parts the keys in two (title-order-halves.ts): it sorts the upper part, the writer the lower.
 * The writer claims it (`claim`) when it writes exactly the systems handed, in that order, all walked and written
 * so (a full run of files only); otherwise it is ended, and the writer writes the file itself.
 */
export class SplitRun {
  private link: ThreadLink | null = null;
  /** The thread has not said it started (should it fail now, it claimed no walk: every system is walked here). */
  private starting = true;
  /** The thread did not start: it walks nothing and writes no rows (walks are done here). */
  private broken = false;
  /** The next system of `walkAll` not claimed yet (shared with the thread: whoever moves it on walks that one). */
  private readonly claims = new Int32Array(new SharedArrayBuffer(4));
  /** The systems of `walkAll`, by id: their places there. */
  private readonly places = new Map<string, number>();
  /** Systems walked here before `walkAll` (their rows come first, in that order). */
  private before = 0;

  /** Every system handed so far had its rows written by the thread. */
  private rowsWritten = true;
  /** The walks the thread claimed, by place in `walkAll`. */
  private readonly walks = new Map<number, Deferred<SystemWalk>>();
  private readonly rows = new Deferred<number>();
  private readonly lower = new Deferred<KeyedIds>();
  private readonly upper = new Deferred<{ ids: Int32Array; samples: string[] }>();
  private readonly handed: SystemScan[] = [];
  /** Settled once the thread has said it started, or failed to start (or the run ended). */
  private readonly confirmed = new Deferred<void>();
  private readonly builder = new DerivedIndexBuilder(false);
  private readonly chunks = new DerivedChunks((c) => this.builder.add(c), () => false);
  private readonly parser = new SystemNamesParser(this.chunks);
  private stopped: Error | null = null;

  /** The file the thread writes: its own, until the writer takes it (never the writer's, which a thread ended late could touch). */
  private readonly file: string;

  private constructor(path: string) {
    this.chunks.titlesWanted = false;
    this.file = `${path}.split`;
  }

  /** Starts one writing the index file to be at `path` where the runtime has threads; else null. */
  static start(runtime: Runtime, path: string): SplitRun | null {
    if (!runtime.startThread) return null;
    const run = new SplitRun(path);
    try {
      run.link = runtime.startThread({ url: new URL("./split-run-worker.ts", import.meta.url).href, bundledPath: "./service/media/split-run-worker.ts" });
    } catch {
      return null;
    }
    run.link.onMessage((m) => run.heard(m as FromSplitRun));
    run.link.onError((reason) => run.failed(reason));
    run.post({ t: "open", path: run.file });
    return run;
  }

  /**
   * A system walked here (before `walkAll`, or one of it claimed here by `take`): the thread writes its rows after
   * those of the systems before.
   */
  writeRows(scan: SystemScan, indexedAt: string): void {
    const place = this.places.get(scan.system);
    const wire = wireScan(scan);
    this.post({ t: "rows", at: place === undefined ? this.before++ : this.before + place, scan: wire, indexedAt }, [wire.fileDirs.buffer as ArrayBuffer]);
  }

  /** The systems that follow those written so far: the thread walks and writes each one it claims (`take`). */
  walkAll(requests: readonly SystemWalkRequest[]): void {
    requests.forEach((r, i) => this.places.set(r.system, i));
    this.post({ t: "walk", requests: [...requests], first: this.before, claims: this.claims });
  }

  /**
   * The walk of a system of `walkAll` (taken in order): the thread's, when it claimed it; else null, and it is
   * claimed here, for the caller to walk (and hand over with `writeRows`).
   */
  take(system: string): Promise<SystemWalk> | null {
    const place = this.places.get(system);
    if (place === undefined) return null;
    if (Atomics.compareExchange(this.claims, 0, place, place + 1) === place) return null;
    const walked = this.walkAt(place);
    if (this.stopped) walked.reject(this.stopped);
    return walked.promise;
  }

  /** The thread's walk of the system at `place` of `walkAll`, awaited or answered first. */
  private walkAt(place: number): Deferred<SystemWalk> {
    let walked = this.walks.get(place);
    if (walked === undefined) this.walks.set(place, (walked = new Deferred<SystemWalk>()));
    return walked;
  }

  /**
   * Parses the next system's names (its media ids follow those handed before), a piece at a time. A system whose
   * rows store more than their names (`titleOf`: the platform's titles; a store game's names, taken whole) is not
   * the thread's to write: the writer then writes the file itself.
   */
  async hand(scan: SystemScan, titleOf: ((dir: string, file: string) => string | undefined) | undefined, tick: () => Promise<void>): Promise<void> {
    this.handed.push(scan);
    if (titleOf || scan.dirs.some((d) => isVirtualPath(d.abs))) this.rowsWritten = false;
    if (!this.rowsWritten) return;
    const mediaType = systemCatalog().mediaTypeOf(scan.system);
    for (let from = 0; from < scan.files.length; from += UNIT_FILES) {
      this.post({ t: "keys", keys: this.parser.parse(scan.files.slice(from, from + UNIT_FILES), mediaType) });
      await tick();
    }
  }

  /** No more systems are handed as walked (the run found one it must write otherwise): the writer writes the file. */
  stopHanding(): void {
    this.rowsWritten = false;
  }

  /**
   * The split's results when `scans` (in write order) are the systems handed, in order, all written by the thread;
   * else null, and it is ended. Waits for the thread to have said it started (or failed to).
   */
  async claim(scans: readonly SystemScan[]): Promise<ClaimedSplit | null> {
    await this.confirmed.promise;
    const same = this.rowsWritten && !this.broken && !this.stopped && scans.length === this.handed.length && scans.every((s, i) => this.handed[i] === s);
    this.handed.length = 0;
    if (!same) {
      this.end();
      return null;
    }
    this.chunks.flush();
    this.post({ t: "end" });
    return { lists: (systems) => this.builder.lists(systems, false), rows: this.rows.promise, file: this.file, lower: this.lower.promise, upper: this.upper.promise, end: () => this.end() };
  }

  /** Ends the thread (after the results, or when the run is given up), and removes its file if the writer did not take it. */
  end(): void {
    this.link?.terminate();
    this.link = null;
    this.reject(new Error("media index run ended"));
    rmSync(this.file, { force: true });
  }

  private post(m: ToSplitRun, transfer: ArrayBuffer[] = []): void {
    if (this.stopped || this.broken) return;
    try {
      this.link?.post(m, transfer);
    } catch (err) {
      this.failed((err as Error).message);
    }
  }

  private heard(m: FromSplitRun): void {
    if (m.t === "ready") {
      this.starting = false;
      this.confirmed.resolve();
    } else if (m.t === "walked") {
      if (!m.rows) this.rowsWritten = false;
      this.walkAt(m.at).resolve({ ...m.walked, scan: scanOf(m.walked.scan) });
    } else if (m.t === "rows") this.rows.resolve(m.total);
    else if (m.t === "lower") this.lower.resolve({ keys: m.ids.length > 0 ? m.keys.split("\0") : [], ids: m.ids });
    else if (m.t === "upper") {
      this.upper.resolve({ ids: m.ids, samples: m.samples });
      this.link?.terminate();
      this.link = null;
    } else this.failed(m.reason);
  }

  private failed(reason: string): void {
    const starting = this.starting;
    this.link?.terminate();
    this.link = null;
    this.confirmed.resolve();
    if (!starting) {
      this.reject(new Error(`media index thread failed: ${reason}`));
      return;
    }
    // it never started, nor claimed a walk: every system is claimed and walked here, and the writer writes the file
    logger.warn(`media index thread did not start (${reason}); the run walks and writes in the main thread`);
    this.starting = false;
    this.broken = true;
    this.rowsWritten = false;
  }

  private reject(err: Error): void {
    this.stopped ??= err;
    this.confirmed.resolve();
    this.rows.reject(err);
    this.lower.reject(err);
    this.upper.reject(err);
    for (const w of this.walks.values()) w.reject(err);
  }
}
