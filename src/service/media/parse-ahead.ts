import { isVirtualPath } from "../../core/media/words.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import type { Runtime } from "../../runtime/types.ts";
import { DerivedIndexJob, type ParsedSystem } from "./index-thread.ts";
import type { SystemScan } from "./walker.ts";

/** The files of a system the platform titles (place in its file list, ascending), and those titles. */
export interface PlatformTitles {
  at: number[];
  titles: string[];
}

/** What the writer takes from a parse ahead: the job holding the derived tables, and each system's title keys. */
export interface ClaimedAhead {
  job: DerivedIndexJob;
  /** Per system written with files, in order. */
  parsed: Array<Promise<ParsedSystem>>;
  /** Per system written with files, in order: the platform's titles asked for when it was handed (not asked again). */
  named: PlatformTitles[];
}

/**
 * An index run's file names parsed while the run walks on (Bun: in the index thread, on the second core): each
 * system is handed over as soon as it is walked, its media ids following those handed before, and the thread
 * parses its titles and tags, adds them to the derived tables and hands back the title keys. The writer claims it when it writes exactly
 * those systems in that order (a full run); otherwise it is ended and the writer parses as it goes.
 */
export class ParseAhead {
  private readonly handed: Array<{ scan: SystemScan; parsed: Promise<ParsedSystem>; named: PlatformTitles }> = [];

  private constructor(private readonly job: DerivedIndexJob) {}

  /**
   * Starts one where the runtime has threads (elsewhere it would only hold the titles longer). Its thread sorts no
   * title order: the writer sorts it from the keys handed back while the thread builds the lists.
   */
  static start(runtime: Runtime): ParseAhead | null {
    return runtime.startThread ? new ParseAhead(DerivedIndexJob.start(runtime, false)) : null;
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
    this.handed.push({ scan, parsed: this.job.addSystem({ names: scan.files.join("\0"), whole, namedAt, named, mediaType: systemCatalog().byIdExact(scan.system)?.mediaType ?? "Game" }), named: { at: namedAt, titles: named } });
  }

  /** The job and parsed systems when `scans` (in write order) are those handed, in order; else null, and it is ended. */
  claim(scans: readonly SystemScan[]): ClaimedAhead | null {
    const written = scans.filter((s) => s.files.length > 0);
    const same = written.length === this.handed.length && written.every((s, i) => this.handed[i]?.scan === s);
    const parsed = this.handed.map((h) => h.parsed);
    const named = this.handed.map((h) => h.named);
    this.handed.length = 0;
    if (same) return { job: this.job, parsed, named };
    this.job.end();
    return null;
  }

  end(): void {
    this.handed.length = 0;
    this.job.end();
  }
}
