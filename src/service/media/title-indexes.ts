import type { MediaType } from "../../core/slugs/index.ts";
import { TitleIndex } from "../../core/titles/index.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { IndexedSystem } from "./media-store.ts";
import { readSystemRows } from "./system-rows.ts";

export interface TitleIndexesDeps {
  /** The open index file (a new file, a new object); null without one. */
  reader(): SqlDatabase | null;
  indexedSystems(): readonly IndexedSystem[];
  /** The media type a system's files are read as (Game for consoles and computers). */
  mediaType(systemId: string): MediaType;
}

/**
 * The title tables of the open index as the reference's media database holds them (core/titles TitleIndex), one
 * per system, built at the first title launch of that system from its rows and kept until the index file changes
 * or the service lets its caches go when idle (`drop`).
 */
export class TitleIndexes {
  private forFile: SqlDatabase | null = null;
  private readonly bySystem = new Map<string, TitleIndex>();

  constructor(private readonly deps: TitleIndexesDeps) {}

  /** The system's title tables; undefined when the index holds no media of it. */
  of(systemId: string): TitleIndex | undefined {
    const db = this.deps.reader();
    if (db !== this.forFile) {
      this.bySystem.clear();
      this.forFile = db;
    }
    if (!db) return undefined;
    const known = this.bySystem.get(systemId);
    if (known) return known;
    const system = this.deps.indexedSystems().find((s) => s.id === systemId);
    if (!system) return undefined;
    const rows = readSystemRows(db, system.first, system.last).map((r) => ({ id: r.id, systemId, path: r.path }));
    // files that tie are ordered as the reference's rows are after a full scan (by title slug, then path)
    const index = new TitleIndex(rows, { systemId, mediaType: this.deps.mediaType(systemId) });
    this.bySystem.set(systemId, index);
    return index;
  }

  /** Lets every system's tables go (read again at the next title launch). */
  drop(): void {
    this.bySystem.clear();
    this.forFile = null;
  }
}
