import type { SqlDatabase, SqlStatement } from "../../runtime/types.ts";
import { BatchInsert } from "./batch-insert.ts";
import { writeFolderRecords } from "./folder-records.ts";
import type { SystemScan } from "./walker.ts";

/**
 * The rows of an index being written whose titles and tags follow from their file names (core/media/row-names.ts:
 * title and tags left NULL), one system after the other: its folder records, folders, media rows (ids 1, 2, 3 …
 * in the order added, as a fresh table numbers them) and its systems row with its id range. For the caller's
 * open transaction; `flush()` once the last system is added.
 */
export class NamedRows {
  private readonly dirs: BatchInsert;
  private readonly media: BatchInsert;
  private readonly systems: SqlStatement;
  private nextDir = 1;
  private nextId = 1;
  private systemRows = 0;

  constructor(private readonly db: SqlDatabase) {
    this.dirs = new BatchInsert(db, "dirs", ["id", "abs", "rel"]);
    this.media = new BatchInsert(db, "media", ["dir", "file"]);
    this.systems = db.prepare("INSERT INTO systems (id, system, first_id, last_id, count, indexed_at) VALUES (?, ?, ?, ?, ?, ?)");
  }

  /** Media rows added so far (the last id). */
  get total(): number {
    return this.nextId - 1;
  }

  add(scan: SystemScan, indexedAt: string): void {
    writeFolderRecords(this.db, scan);
    const n = scan.files.length;
    if (n === 0) return;
    const dirBase = this.nextDir;
    for (const d of scan.dirs) this.dirs.add(this.nextDir++, d.abs, d.rel);
    for (let i = 0; i < n; i++) this.media.add(dirBase + (scan.fileDirs[i] as number), scan.files[i] as string);
    this.systems.run(++this.systemRows, scan.system, this.nextId, this.nextId + n - 1, n, indexedAt);
    this.nextId += n;
  }

  flush(): void {
    this.media.flush();
    this.dirs.flush();
  }
}
