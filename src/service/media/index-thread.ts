import { type DerivedChunk, DerivedIndexBuilder, type DerivedLists, type SystemRange } from "../../core/media/derived-index.ts";
import { log } from "../../log.ts";
import type { Runtime, ThreadLink } from "../../runtime/types.ts";
import type { FromIndexThread, ToIndexThread } from "./index-thread-messages.ts";

const logger = log.withTag("media");

/** Files per chunk handed to the builder. */
const CHUNK_FILES = 8192;
/** Tag sets remembered by identity (parseMediaName shares one array per distinct tail); beyond, they are numbered anew. */
const MAX_KNOWN_SETS = 8192;

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
  /** Chunks posted before the thread said it takes messages: done here should it fail to start. */
  private unconfirmed: DerivedChunk[] | null = [];
  private finishing: SystemRange[] | null = null;
  private readonly lists = new Deferred<DerivedLists>();
  private readonly order = new Deferred<Int32Array>();
  // the chunk being collected
  private first = 1;
  private names: string[] = [];
  private titles: string[] = [];
  private whole = new Uint8Array(CHUNK_FILES);
  private tagSets = new Int32Array(CHUNK_FILES);
  private namedAt: number[] = [];
  private named: string[] = [];
  private newSets: string[][] = [];
  private readonly setOf = new Map<readonly string[], number>();
  /** The builder makes the title keys (else the writer sorts the title order from its rows). */
  private titlesWanted = true;
  private nextSet = 0;

  static start(runtime: Runtime): DerivedIndexJob {
    const job = new DerivedIndexJob();
    // no thread: the writer sorts the title order from its rows (no title keys held through the run, nor titles
    // through a chunk)
    if (!runtime.startThread) {
      job.local = new DerivedIndexBuilder(false);
      job.titlesWanted = false;
    }
    else {
      try {
        const link = runtime.startThread({ url: new URL("./index-thread-worker.ts", import.meta.url).href, bundledPath: "./service/media/index-thread-worker.ts" });
        job.link = link;
        link.onMessage((m) => job.heard(m as FromIndexThread));
        link.onError((reason) => job.failed(reason));
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
    const i = this.names.length;
    this.names.push(file);
    this.whole[i] = whole ? 1 : 0;
    if (named === undefined) this.titles.push(this.titlesWanted ? title : "");
    else {
      this.titles.push("");
      this.namedAt.push(i);
      this.named.push(named);
    }
    let set = -1;
    if (tags.length > 0) {
      const known = this.setOf.get(tags);
      if (known !== undefined) set = known;
      else {
        if (this.setOf.size >= MAX_KNOWN_SETS) this.setOf.clear();
        set = this.nextSet++;
        this.setOf.set(tags, set);
        this.newSets.push([...tags]);
      }
    }
    this.tagSets[i] = set;
    if (i + 1 === CHUNK_FILES) this.flush();
  }

  /** The word and tag lists, once every file is added; `systems` the rows written with their id ranges. */
  finish(systems: SystemRange[]): Promise<DerivedLists> {
    this.flush();
    this.finishing = systems;
    if (this.local) this.buildLocal();
    else this.post({ t: "finish", systems });
    return this.lists.promise;
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
    this.lists.reject(err);
    this.order.reject(err);
  }

  private flush(): void {
    const n = this.names.length;
    if (n === 0) return;
    const chunk: DerivedChunk = {
      first: this.first,
      // joined to cross to the thread (one string is cheap to copy); as they are when built here
      names: this.local ? this.names : this.names.join("\0"),
      whole: this.whole.slice(0, n),
      titles: this.local ? this.titles : this.titles.join("\0"),
      namedAt: this.namedAt,
      named: this.named,
      tagSets: this.tagSets.slice(0, n),
      newSets: this.newSets,
    };
    this.first += n;
    this.names = [];
    this.titles = [];
    this.namedAt = [];
    this.named = [];
    this.newSets = [];
    if (this.local) this.local.add(chunk);
    else {
      this.unconfirmed?.push(chunk);
      this.post({ t: "chunk", chunk }, this.unconfirmed ? [] : [chunk.whole.buffer as ArrayBuffer, chunk.tagSets.buffer as ArrayBuffer]);
    }
  }

  private post(m: ToIndexThread, transfer: ArrayBuffer[] = []): void {
    try {
      this.link?.post(m, transfer);
    } catch (err) {
      this.failed((err as Error).message);
    }
  }

  private heard(m: FromIndexThread): void {
    if (m.t === "ready") this.unconfirmed = null;
    else if (m.t === "lists") this.lists.resolve(m.lists);
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
    for (const c of this.unconfirmed ?? []) this.local.add(c);
    this.unconfirmed = null;
    if (this.finishing) this.buildLocal();
  }

  private buildLocal(): void {
    const local = this.local as DerivedIndexBuilder;
    this.local = null;
    try {
      this.lists.resolve(local.lists(this.finishing as SystemRange[], false));
      this.unsorted = local;
    } catch (err) {
      this.reject(err as Error);
    }
  }
}

/** A promise settled once, from outside; a rejection nobody awaits (a run given up) is not reported. */
class Deferred<T> {
  readonly promise: Promise<T>;
  private settle: { resolve(v: T): void; reject(e: Error): void } | null = null;

  constructor() {
    this.promise = new Promise<T>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.promise.catch(() => undefined);
  }

  resolve(v: T): void {
    this.settle?.resolve(v);
    this.settle = null;
  }

  reject(e: Error): void {
    this.settle?.reject(e);
    this.settle = null;
  }
}
