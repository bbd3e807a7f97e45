import { Deferred } from "../../core/deferred.ts";
import { DerivedIndexBuilder, type DerivedPart } from "../../core/media/derived-index.ts";
import { isVirtualPath } from "../../core/media/words.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import type { Runtime } from "../../runtime/types.ts";
import { DerivedChunks } from "./derived-chunks.ts";
import { DerivedIndexJob, type ParsedSystem } from "./index-thread.ts";
import { type SystemNames, SystemNamesParser } from "./system-names.ts";
import type { SystemScan } from "./walker.ts";

/** The files of a system the platform titles (place in its file list, ascending), and those titles. */
export interface PlatformTitles {
  at: number[];
  titles: string[];
}

/** What the writer takes from a parse ahead: the job holding the derived tables, and the title keys. */
export interface ClaimedAhead {
  job: DerivedIndexJob;
  /** The title keys of the files handed, in media id order (a system's in one or more parts). */
  parsed: Array<Promise<ParsedSystem>>;
  /** Per system written with files, in order: the platform's titles asked for when it was handed (not asked again). */
  named: PlatformTitles[];
  /**
   * Parses here the files the thread has not been given yet, the last half of them at a time, while it parses on
   * from the first; their tables go to the job after its own. Call once, before `job.finish`.
   */
  help(tick: () => Promise<void>): Promise<void>;
}

/** Files parsed as one piece: the thread is given one at a time, and the writer takes the last ones left. */
export const UNIT_FILES = 4096;
/** Pieces given to the thread before it has answered the earlier ones (it never waits for the next). */
const IN_FLIGHT = 2;

/** Consecutive files of a system, as parsed in one piece, and their media id. */
interface Unit {
  first: number;
  names: SystemNames;
  keys: Deferred<ParsedSystem>;
}

/**
 * An index run's file names parsed while the run walks on (Bun: in the index thread, on the second core): each
 * system is handed over as soon as it is walked, cut into pieces of consecutive media ids that the thread is given
 * a few at a time; it parses their titles and tags, adds them to the derived tables and hands back the title
 * keys. Once the walk is done the writer helps: it parses the last half of the pieces left, then the last half of
 * what is left then, and so on, and hands the thread their tables to merge (the same tables as parsed there). The writer claims it when it writes exactly those
 * systems in that order (a full run); otherwise it is ended and the writer parses as it goes.
 */
export class ParseAhead {
  private readonly handed: Array<{ scan: SystemScan; named: PlatformTitles }> = [];
  private readonly units: Array<Promise<ParsedSystem>> = [];
  /** Pieces not given to the thread yet, in media id order. */
  private readonly queue: Unit[] = [];
  private inFlight = 0;
  private nextId = 1;

  private constructor(
    private readonly job: DerivedIndexJob,
    private readonly unitFiles: number,
  ) {}

  /**
   * Starts one where the runtime has threads (elsewhere it would only hold the titles longer). Its thread sorts no
   * title order: the writer sorts it from the keys handed back while the thread builds the lists. `unitFiles`:
   * the most files of a piece.
   */
  static start(runtime: Runtime, unitFiles = UNIT_FILES): ParseAhead | null {
    return runtime.startThread ? new ParseAhead(DerivedIndexJob.start(runtime, false), unitFiles) : null;
  }

  /** Hands over the next system walked; `titleOf` the platform's titles for its files. */
  hand(scan: SystemScan, titleOf: ((dir: string, file: string) => string | undefined) | undefined): void {
    const n = scan.files.length;
    if (n === 0) return;
    const wholeDir = scan.dirs.map((d) => isVirtualPath(d.abs));
    const whole = new Uint8Array(n);
    const namedAt: number[] = [];
    const named: string[] = [];
    for (let i = 0; i < n; i++) {
      const dir = scan.fileDirs[i] as number;
      if (wholeDir[dir]) whole[i] = 1;
      const title = titleOf?.(scan.dirs[dir]?.abs ?? "", scan.files[i] as string);
      if (title !== undefined) {
        namedAt.push(i);
        named.push(title);
      }
    }
    this.handed.push({ scan, named: { at: namedAt, titles: named } });
    const mediaType = systemCatalog().byIdExact(scan.system)?.mediaType ?? "Game";
    let k = 0;
    for (let from = 0; from < n; from += this.unitFiles) {
      const to = Math.min(n, from + this.unitFiles);
      const unitAt: number[] = [];
      const unitNamed: string[] = [];
      for (; k < namedAt.length && (namedAt[k] as number) < to; k++) {
        unitAt.push((namedAt[k] as number) - from);
        unitNamed.push(named[k] as string);
      }
      const names: SystemNames = { names: scan.files.slice(from, to).join("\0"), whole: whole.slice(from, to), namedAt: unitAt, named: unitNamed, mediaType };
      const unit: Unit = { first: this.nextId, names, keys: new Deferred<ParsedSystem>() };
      this.nextId += to - from;
      this.queue.push(unit);
      this.units.push(unit.keys.promise);
    }
    this.feed();
  }

  /** Gives the thread the next pieces, up to IN_FLIGHT not answered. */
  private feed(): void {
    while (this.inFlight < IN_FLIGHT && this.queue.length > 0) {
      const unit = this.queue.shift() as Unit;
      this.inFlight++;
      this.job.addSystem(unit.names).then(
        (parsed) => {
          this.inFlight--;
          unit.keys.resolve(parsed);
          this.feed();
        },
        (err: Error) => unit.keys.reject(err),
      );
    }
  }

  /** The job and parsed systems when `scans` (in write order) are those handed, in order; else null, and it is ended. */
  claim(scans: readonly SystemScan[]): ClaimedAhead | null {
    const written = scans.filter((s) => s.files.length > 0);
    const same = written.length === this.handed.length && written.every((s, i) => this.handed[i]?.scan === s);
    const parsed = [...this.units];
    const named = this.handed.map((h) => h.named);
    this.handed.length = 0;
    this.units.length = 0;
    if (same) return { job: this.job, parsed, named, help: (tick) => this.help(tick) };
    this.end();
    return null;
  }

  private async help(tick: () => Promise<void>): Promise<void> {
    // the last half of the pieces left is parsed here, in order, into one part, while the thread is given the
    // first ones as it answers; then the last half of what it left, and so on: a few parts to merge, and both
    // done at about the same time however fast each is
    const parts: DerivedPart[] = [];
    while (this.queue.length > 0) {
      let left = 0;
      for (const u of this.queue) left += u.names.whole.length;
      const mine: Unit[] = [this.queue.pop() as Unit];
      let taken = (mine[0] as Unit).names.whole.length;
      while (this.queue.length > 0 && taken + (this.queue.at(-1) as Unit).names.whole.length <= left / 2) {
        const u = this.queue.pop() as Unit;
        taken += u.names.whole.length;
        mine.unshift(u);
      }
      const first = (mine[0] as Unit).first;
      const builder = new DerivedIndexBuilder(false, first);
      const chunks = new DerivedChunks((c) => builder.add(c), () => false, first);
      chunks.titlesWanted = false;
      const parser = new SystemNamesParser(chunks);
      for (const unit of mine) {
        try {
          unit.keys.resolve({ keys: parser.parse(unit.names).keys.split("\0") });
        } catch (err) {
          for (const u of mine) u.keys.reject(err as Error);
          throw err;
        }
        await tick(); // the thread's answers come in meanwhile, and it is given the next pieces
      }
      chunks.flush();
      parts.push(builder.part());
    }
    this.job.addParts(parts.reverse());
  }

  end(): void {
    this.handed.length = 0;
    this.units.length = 0;
    for (const u of this.queue.splice(0)) u.keys.reject(new Error("media index run ended"));
    this.job.end();
  }
}
