import { existsSync } from "node:fs";
import { openDatabase, removeDatabase } from "../../db/open.ts";
import type { Runtime, SqlDatabase } from "../../runtime/types.ts";
import type { SystemScan } from "./walker.ts";

/** A system an interrupted run had finished: its walk, or `unchanged` (the served index's rows stand). */
export interface DoneStep {
  indexedAt: string;
  unchanged: boolean;
  scan: SystemScan | null;
}

export interface CheckpointState {
  /** The systems the run was asked for (null: all). */
  only: string[] | null;
  walkKey: string;
  done: Map<string, DoneStep>;
  /** Starts of this run so far that made no progress since the previous one (a run stuck on the same system). */
  stalls: number;
}

/**
 * The durable progress of an index run (`media.db.partial`): what it was asked and each system it finished,
 * committed one by one, so that a run cut off (power cut, kill, stop) resumes after its last finished system.
 * The served index is never touched by it; the run removes it once its new index is swapped in.
 */
export class IndexCheckpoint {
  private db: SqlDatabase | null = null;

  constructor(
    private readonly runtime: Runtime,
    readonly path: string,
  ) {}

  get exists(): boolean {
    return existsSync(this.path);
  }

  private open(): SqlDatabase {
    this.db ??= openDatabase(this.runtime, this.path, {
      durability: "full",
      journal: "delete",
      migrations: [
        {
          version: 1,
          name: "init",
          sql: `CREATE TABLE run (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE steps (system TEXT PRIMARY KEY, indexed_at TEXT NOT NULL, unchanged INTEGER NOT NULL, scan TEXT);`,
        },
      ],
    });
    return this.db;
  }

  /** The header of a new record, written with its first commit (a run that commits nothing leaves no file). */
  private header: { only: string[] | null; walkKey: string } | null = null;

  /** Starts a new record (any older one is dropped); the file is made at the first commit. */
  begin(only: string[] | null, walkKey: string): void {
    this.remove();
    this.header = { only, walkKey };
  }

  /** What an interrupted run left (null without a usable record); counts this start as an attempt. */
  resume(): CheckpointState | null {
    if (!this.exists) return null;
    try {
      const db = this.open();
      const run = new Map(db.prepare("SELECT key, value FROM run").all<{ key: string; value: string }>().map((r) => [r.key, r.value]));
      const done = new Map<string, DoneStep>();
      for (const r of db.prepare("SELECT system, indexed_at, unchanged, scan FROM steps").all<{ system: string; indexed_at: string; unchanged: number; scan: string | null }>()) {
        done.set(r.system, { indexedAt: r.indexed_at, unchanged: r.unchanged === 1, scan: r.scan === null ? null : (JSON.parse(r.scan) as SystemScan) });
      }
      const stalls = done.size > Number(run.get("doneAtStart") ?? 0) ? 0 : Number(run.get("stalls") ?? 0) + 1;
      const put = db.prepare("INSERT OR REPLACE INTO run (key, value) VALUES (?, ?)");
      put.run("stalls", String(stalls));
      put.run("doneAtStart", String(done.size));
      return { only: JSON.parse(run.get("only") ?? "null") as string[] | null, walkKey: run.get("walkKey") ?? "", done, stalls };
    } catch {
      this.remove(); // unreadable: the run starts over
      return null;
    }
  }

  /** Records finished systems in one transaction (committed: they survive a power cut from here on). */
  commit(steps: ReadonlyArray<readonly [string, DoneStep]>): void {
    const db = this.open();
    const put = db.prepare("INSERT OR REPLACE INTO steps (system, indexed_at, unchanged, scan) VALUES (?, ?, ?, ?)");
    db.exec("BEGIN");
    if (this.header) {
      const run = db.prepare("INSERT OR REPLACE INTO run (key, value) VALUES (?, ?)");
      run.run("only", JSON.stringify(this.header.only));
      run.run("walkKey", this.header.walkKey);
      run.run("stalls", "0");
      run.run("doneAtStart", "0");
      this.header = null;
    }
    for (const [system, step] of steps) put.run(system, step.indexedAt, step.unchanged ? 1 : 0, step.scan ? JSON.stringify(step.scan) : null);
    db.exec("COMMIT");
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }

  remove(): void {
    this.close();
    this.header = null;
    removeDatabase(this.path);
  }
}
