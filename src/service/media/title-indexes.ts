import type { MediaType } from "../../core/slugs/index.ts";
import { TitleIndex } from "../../core/titles/index.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { IndexedSystem } from "./media-store.ts";
import { readSystemRows } from "./system-rows.ts";

/**
 * Media rows whose title tables are kept, over all systems. The tables take about 75 bytes a row (~100 with the
 * allocator's overhead; see core/titles/title-tables.ts), so this many rows hold ~50 MiB whatever the library:
 * a library of half a million files (the bench's) keeps every system warm, a larger one keeps the systems used
 * last. A system dropped is built again at its next title launch (~50 ms per 10k rows); the system asked for is
 * always kept, even alone over the budget.
 */
export const TITLE_ROW_BUDGET = 500_000;

export interface TitleIndexesDeps {
  /** The open index file (a new file, a new object); null without one. */
  reader(): SqlDatabase | null;
  indexedSystems(): readonly IndexedSystem[];
  /** The media type a system's files are read as (Game for consoles and computers). */
  mediaType(systemId: string): MediaType;
  /** Overrides {@link TITLE_ROW_BUDGET} (tests). */
  readonly rowBudget?: number;
}

/**
 * The title tables of the open index as the reference's media database holds them (core/titles TitleIndex), one
 * per system, built at the first title launch of that system from its rows and kept until the index file changes,
 * the row budget needs the room (least recently used first; the system asked for is always kept), or the service
 * lets its caches go when idle (`drop`).
 */
export class TitleIndexes {
  private forFile: SqlDatabase | null = null;
  /** In use order: least recently used first. */
  private readonly bySystem = new Map<string, TitleIndex>();
  private rows = 0;

  constructor(private readonly deps: TitleIndexesDeps) {}

  /** The system's title tables; undefined when the index holds no media of it. */
  of(systemId: string): TitleIndex | undefined {
    const db = this.deps.reader();
    if (db !== this.forFile) {
      this.clear();
      this.forFile = db;
    }
    if (!db) return undefined;
    const known = this.bySystem.get(systemId);
    if (known) {
      this.bySystem.delete(systemId);
      this.bySystem.set(systemId, known);
      return known;
    }
    const system = this.deps.indexedSystems().find((s) => s.id === systemId);
    if (!system) return undefined;
    const rows = readSystemRows(db, system.first, system.last).map((r) => ({ id: r.id, systemId, path: r.path }));
    // files that tie are ordered as the reference's rows are after a full scan (by title slug, then path)
    const index = new TitleIndex(rows, { systemId, mediaType: this.deps.mediaType(systemId) });
    this.makeRoom(index.rowCount);
    this.bySystem.set(systemId, index);
    this.rows += index.rowCount;
    return index;
  }

  /** Systems whose tables are kept, least recently used first. */
  kept(): string[] {
    return [...this.bySystem.keys()];
  }

  /** Lets every system's tables go (read again at the next title launch). */
  drop(): void {
    this.clear();
    this.forFile = null;
  }

  private makeRoom(incoming: number): void {
    const budget = this.deps.rowBudget ?? TITLE_ROW_BUDGET;
    for (const [id, index] of this.bySystem) {
      if (this.rows + incoming <= budget) break;
      this.bySystem.delete(id);
      this.rows -= index.rowCount;
    }
  }

  private clear(): void {
    this.bySystem.clear();
    this.rows = 0;
  }
}
