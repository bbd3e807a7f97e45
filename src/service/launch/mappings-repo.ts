import type { Mapping, MappingType, MatchKind } from "../../core/mappings.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

export type MappingInput = Omit<Mapping, "id" | "added">;
export type MappingPatch = Partial<MappingInput>;

interface Row {
  id: number;
  added: string;
  label: string;
  enabled: number;
  type: string;
  match: string;
  pattern: string;
  override: string;
}

const toMapping = (r: Row): Mapping => ({
  id: r.id,
  added: r.added,
  label: r.label,
  enabled: r.enabled !== 0,
  type: r.type as MappingType,
  match: r.match as MatchKind,
  pattern: r.pattern,
  override: r.override,
});

/**
 * Mappings in the user database (table `mappings`). Keeps the whole list in memory, ordered by id, so the
 * lookup before every launch costs no query; every write refreshes it.
 */
export class MappingsRepository {
  private cache: Mapping[] | null = null;

  constructor(private readonly db: SqlDatabase) {}

  /** Drops the in-memory list (the table was replaced underneath, e.g. by a backup restore). */
  forget(): void {
    this.cache = null;
  }

  /** Every mapping, enabled or not, ascending id. */
  all(): readonly Mapping[] {
    this.cache ??= this.db.prepare("SELECT * FROM mappings ORDER BY id").all<Row>().map(toMapping);
    return this.cache;
  }

  get(id: number): Mapping | undefined {
    return this.all().find((m) => m.id === id);
  }

  create(input: MappingInput, added: string): number {
    const { lastInsertRowid } = this.db
      .prepare("INSERT INTO mappings (added, label, enabled, type, match, pattern, override) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(added, input.label, input.enabled ? 1 : 0, input.type, input.match, input.pattern, input.override);
    this.cache = null;
    return Number(lastInsertRowid);
  }

  /** Applies only the supplied keys. Returns false when no mapping has that id. */
  update(id: number, patch: MappingPatch): boolean {
    const current = this.get(id);
    if (!current) return false;
    const next = { ...current, ...patch };
    this.db
      .prepare("UPDATE mappings SET label = ?, enabled = ?, type = ?, match = ?, pattern = ?, override = ? WHERE id = ?")
      .run(next.label, next.enabled ? 1 : 0, next.type, next.match, next.pattern, next.override, id);
    this.cache = null;
    return true;
  }

  delete(id: number): boolean {
    const { changes } = this.db.prepare("DELETE FROM mappings WHERE id = ?").run(id);
    this.cache = null;
    return changes > 0;
  }
}
