import { type DerivedChunk, DerivedIndexBuilder, type DerivedLists, type SystemRange } from "../../core/media/derived-index.ts";
import { Deferred } from "../../core/deferred.ts";
import { log } from "../../log.ts";
import type { Runtime, ThreadLink } from "../../runtime/types.ts";
import { DerivedChunks } from "./derived-chunks.ts";
import type { FromIndexThread, ToIndexThread } from "./index-thread-messages.ts";

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

  private constructor() {}

  static start(runtime: Runtime): DerivedIndexJob {
    const job = new DerivedIndexJob();
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
        job.post({ t: "begin" });
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
    this.lists?.reject(err);
    this.order.reject(err);
  }

  private chunk(chunk: DerivedChunk): void {
    if (this.local) this.local.add(chunk);
    else this.post({ t: "chunk", chunk }, this.unconfirmed ? [] : [chunk.whole.buffer as ArrayBuffer, chunk.tagSets.buffer as ArrayBuffer]);
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
    this.local = new DerivedIndexBuilder();
    const sent = this.unconfirmed ?? [];
    this.unconfirmed = null;
    for (const m of sent) {
      if (m.t === "chunk") this.local.add(m.chunk);
    }
    if (this.finishing) this.buildLocal();
  }

  private listsBuilt(lists: DerivedLists): void {
    this.lists?.resolve(lists);
    this.lists = null;
  }

  private buildLocal(): void {
    this.chunks.flush();
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
