import { type DerivedChunk, DerivedIndexBuilder, type DerivedLists, type DerivedPart, partBuffers, type SystemRange } from "../../core/media/derived-index.ts";
import { Deferred } from "../../core/deferred.ts";
import { log } from "../../log.ts";
import type { Runtime, ThreadLink } from "../../runtime/types.ts";
import { DerivedChunks } from "./derived-chunks.ts";
import type { FromIndexThread, ToIndexThread } from "./index-thread-messages.ts";
import { type ParsedNames, type SystemNames, SystemNamesParser } from "./system-names.ts";

const logger = log.withTag("media");

/**
 * The derived tables of one index run (core/media/derived-index.ts), built from the files as the writer adds
 * them: in a thread of their own where the runtime has threads (index-thread-worker.ts; the writer's thread goes on
 * with the media rows), else, or when the thread does not start, here. The thread ends with the run (`end`).
 */
export class DerivedIndexJob {
  private link: ThreadLink | null = null;
  private local: DerivedIndexBuilder | null = null;
  /** Built here: the builder whose lists are handed over, to sort the upper half only when asked (once the writer has stored the lists and let them go). */
  private unsorted: DerivedIndexBuilder | null = null;
  /** Messages posted before the thread said it takes messages: done here should it fail to start. */
  private unconfirmed: ToIndexThread[] | null = [];
  private finishing: SystemRange[] | null = null;
  /** Let go once settled: the writer alone holds the lists from then on, and drops them once stored. */
  private lists: Deferred<DerivedLists> | null = new Deferred<DerivedLists>();
  private readonly order = new Deferred<Int32Array>();
  private readonly chunks = new DerivedChunks((c) => this.chunk(c), () => this.local === null);
  /** The systems handed over by `addSystem`, awaiting their title keys (in order). */
  private readonly parsing: Array<Deferred<ParsedSystem>> = [];
  /** Why the job stopped (failed or ended): what a system handed over afterwards gets. */
  private stopped: Error | null = null;
  /** Parses here what the thread would (thread-less, or after it failed to start). */
  private localParser: SystemNamesParser | null = null;

  private constructor(private readonly titleOrder: boolean) {
    this.chunks.titlesWanted = titleOrder;
  }

  /**
   * `titleOrder` false: the writer sorts the title order itself (from the titles a parse ahead hands back), and
   * no title keys are made here.
   */
  static start(runtime: Runtime, titleOrder = true): DerivedIndexJob {
    const job = new DerivedIndexJob(titleOrder);
    // no thread: the writer sorts the title order from its rows (no title keys held through the run, nor titles
    // through a chunk)
    if (!runtime.startThread) {
      job.local = new DerivedIndexBuilder(false);
      job.chunks.titlesWanted = false;
    } else {
      try {
        const link = runtime.startThread({ url: new URL("./index-thread-worker.ts", import.meta.url).href, bundledPath: "./service/media/index-thread-worker.ts" });
        job.link = link;
        link.onMessage((m) => job.heard(m as FromIndexThread));
        link.onError((reason) => job.failed(reason));
        job.post({ t: "begin", titleOrder });
      } catch (err) {
        job.toLocal((err as Error).message);
      }
    }
    return job;
  }

  /** Whether the tables are built in a thread (so far). */
  get threaded(): boolean {
    return this.link !== null;
  }

  /** Adds the next file (media ids follow one another from 1): its name, title parsed from it, platform title, tags. */
  add(file: string, whole: boolean, title: string, named: string | undefined, tags: readonly string[]): void {
    this.chunks.add(file, whole, title, named, tags);
  }

  /**
   * Adds the next system's files instead (media ids follow on; not mixed with `add`): parsed in the thread,
   * which hands back their title keys for the title order.
   */
  addSystem(names: SystemNames): Promise<ParsedSystem> {
    const parsed = new Deferred<ParsedSystem>();
    this.parsing.push(parsed);
    if (this.stopped) this.reject(this.stopped);
    else if (this.local) this.parsedHere(names);
    else this.post({ t: "names", names }, this.unconfirmed ? [] : [names.whole.buffer as ArrayBuffer]);
    return parsed.promise;
  }

  /**
   * Adds the parts the writer built from the last files itself (`DerivedIndexBuilder.part`, ascending): their ids
   * follow those of the systems handed over by `addSystem`. After the last `addSystem`, before `finish`.
   */
  addParts(parts: DerivedPart[]): void {
    if (parts.length === 0) return;
    if (this.local) {
      this.chunks.flush();
      for (const p of parts) this.local.merge(p);
    } else this.post({ t: "parts", parts }, this.unconfirmed ? [] : parts.flatMap(partBuffers));
  }

  /** The derived tables are built in the writer's thread (no thread to build them in). */
  get buildsHere(): boolean {
    return this.local !== null;
  }

  /** The word and tag lists, once every file is added; `systems` the rows written with their id ranges. */
  finish(systems: SystemRange[]): Promise<DerivedLists> {
    if (!this.lists) throw new Error("derived index: finished twice");
    const lists = this.lists.promise;
    this.chunks.flush();
    this.finishing = systems;
    if (this.local) this.buildLocal();
    else this.post({ t: "finish", systems });
    return lists;
  }

  /**
   * The upper half of the title order, after `finish`: the thread sorts it while the writer stores the lists and sorts
   * the lower half; built here, it is sorted now (after the writer stored the lists and let them go: a lower peak).
   */
  upperOrder(): Promise<Int32Array> {
    const builder = this.unsorted;
    this.unsorted = null;
    if (builder) {
      try {
        this.order.resolve(builder.upperOrder(true));
      } catch (err) {
        this.reject(err as Error);
      }
    }
    return this.order.promise;
  }

  /** Ends the thread (after the result, or when the run is given up). */
  end(): void {
    this.link?.terminate();
    this.link = null;
    this.local = null;
    this.unsorted = null;
    this.reject(new Error("media index run ended"));
  }

  private reject(err: Error): void {
    this.stopped ??= err;
    this.lists?.reject(err);
    this.order.reject(err);
    for (const p of this.parsing.splice(0)) p.reject(err);
  }

  private chunk(chunk: DerivedChunk): void {
    if (this.local) this.local.add(chunk);
    else this.post({ t: "chunk", chunk }, this.unconfirmed ? [] : [chunk.whole.buffer as ArrayBuffer, chunk.tagSets.buffer as ArrayBuffer]);
  }

  /** A system's names parsed here (its chunks go to the local builder). */
  private parsedHere(names: SystemNames): void {
    this.localParser ??= new SystemNamesParser(this.chunks);
    try {
      this.parsed(this.localParser.parse(names));
    } catch (err) {
      this.reject(err as Error);
    }
  }

  /** The title keys of the oldest system handed over and not yet answered. */
  private parsed(p: ParsedNames): void {
    this.parsing.shift()?.resolve({ keys: p.keys.split("\0") });
  }

  private post(m: ToIndexThread, transfer: ArrayBuffer[] = []): void {
    this.unconfirmed?.push(m);
    try {
      this.link?.post(m, transfer);
    } catch (err) {
      this.failed((err as Error).message);
    }
  }

  private heard(m: FromIndexThread): void {
    if (m.t === "ready") this.unconfirmed = null;
    else if (m.t === "parsed") this.parsed(m.parsed);
    else if (m.t === "lists") this.listsBuilt(m.lists);
    else if (m.t === "order") {
      this.order.resolve(m.upper);
      this.link?.terminate();
      this.link = null;
    } else this.failed(m.reason);
  }

  private failed(reason: string): void {
    if (this.unconfirmed) this.toLocal(reason);
    else {
      this.reject(new Error(`media index thread failed: ${reason}`));
      this.link?.terminate();
      this.link = null;
    }
  }

  /** The thread did not start: the chunks it was sent are built here, and all that follow. */
  private toLocal(reason: string): void {
    logger.warn(`media index thread did not start (${reason}); its tables are built in the main thread`);
    this.link?.terminate();
    this.link = null;
    this.local = new DerivedIndexBuilder(this.titleOrder);
    const sent = this.unconfirmed ?? [];
    this.unconfirmed = null;
    for (const m of sent) {
      if (m.t === "chunk") this.local.add(m.chunk);
      else if (m.t === "names") this.parsedHere(m.names);
      else if (m.t === "parts") this.addParts(m.parts);
    }
    if (this.finishing) this.buildLocal();
  }

  private listsBuilt(lists: DerivedLists): void {
    this.lists?.resolve(lists);
    this.lists = null;
  }

  private buildLocal(): void {
    this.chunks.flush(); // what the names parsed here since `finish` (a thread that failed to start) left over
    const local = this.local as DerivedIndexBuilder;
    this.local = null;
    try {
      const lists = local.lists(this.finishing as SystemRange[], false);
      // kept only to sort the upper half when asked (not when the writer sorts the title order from its rows)
      if (!lists.titleOrderLeft) this.unsorted = local;
      this.listsBuilt(lists);
    } catch (err) {
      this.reject(err as Error);
    }
  }
}

/** A system's files as parsed ahead: file i's title key (`titleSortKey`) is `keys[i]`. */
export interface ParsedSystem {
  keys: string[];
}
