/**
 * Card sets in the user database: named, ordered lists of games (a game may be there more than once) with the
 * kind of script their tags get. Label rendering and the write queue read a set's items (`items`).
 */
import { cardScript } from "../../core/cards/card-script.ts";
import type { CardItem } from "../../core/cards/card-item.ts";
import { insertAt, moveTo } from "../../core/cards/set-order.ts";
import { DomainError } from "../../core/errors.ts";
import { CARD_ADD_LIMIT, CARD_SET_LIMIT, type CardMediaRef, type CardSet, type CardSetItem, type CardSetResult, type CardSource, type ScriptKind } from "../../core/wire/cards.ts";
import { transaction } from "../../db/migrate.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { CardMedia, CardSources } from "./card-sources.ts";

interface SetRow {
  id: number;
  name: string;
  script_kind: ScriptKind;
  created: number;
  updated: number;
  count: number;
}

interface ItemRow {
  id: number;
  position: number;
  system_id: string;
  system_name: string;
  path: string;
  title: string;
  tags: string;
  title_script: string;
}

const SET_COLUMNS = "s.id, s.name, s.script_kind, s.created, s.updated, (SELECT COUNT(*) FROM card_set_items i WHERE i.set_id = s.id) AS count";

function toSet(r: SetRow): CardSet {
  return { id: r.id, name: r.name, scriptKind: r.script_kind, count: r.count, created: new Date(r.created).toISOString(), updated: new Date(r.updated).toISOString() };
}

function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** Not found: a typed error (1001) naming the set. */
export class CardSetNotFoundError extends DomainError {
  constructor(readonly setId: number) {
    super("not-found", `card set ${setId} not found`);
  }
}

export class CardSets {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number,
    private readonly sources: CardSources,
  ) {}

  /** Every set, oldest first. */
  list(): CardSet[] {
    return this.db.prepare(`SELECT ${SET_COLUMNS} FROM card_sets s ORDER BY s.id`).all<SetRow>().map(toSet);
  }

  /** One set; CardSetNotFoundError when there is none with that id. */
  set(id: number): CardSet {
    const row = this.db.prepare(`SELECT ${SET_COLUMNS} FROM card_sets s WHERE s.id = ?`).get<SetRow>(id);
    if (!row) throw new CardSetNotFoundError(id);
    return toSet(row);
  }

  /** A set with its games in order, each with the script its tag gets. */
  get(id: number): CardSetResult {
    const set = this.set(id);
    return { set, items: this.rows(id).map((r) => this.toItem(r, set.scriptKind)) };
  }

  /** The games of a set in order, as labels and tags need them; CardSetNotFoundError when there is no such set. */
  items(setId: number): CardItem[] {
    const kind = this.set(setId).scriptKind;
    return this.rows(setId).map((r) => {
      const { path, systemId, systemName, title, tags, script } = this.toItem(r, kind);
      return { path, systemId, systemName, title, tags, script };
    });
  }

  create(name: string, scriptKind: ScriptKind = "title"): CardSet {
    const t = this.now();
    const { lastInsertRowid } = this.db.prepare("INSERT INTO card_sets (name, script_kind, created, updated) VALUES (?, ?, ?, ?)").run(name.trim() || name, scriptKind, t, t);
    return this.set(lastInsertRowid);
  }

  update(id: number, change: { name?: string; scriptKind?: ScriptKind }): CardSet {
    this.set(id);
    if (change.name !== undefined) this.db.prepare("UPDATE card_sets SET name = ? WHERE id = ?").run(change.name.trim() || change.name, id);
    if (change.scriptKind !== undefined) this.db.prepare("UPDATE card_sets SET script_kind = ? WHERE id = ?").run(change.scriptKind, id);
    this.touch(id);
    return this.set(id);
  }

  /** Deletes a set with its games (and its write queue). */
  delete(id: number): void {
    if (this.db.prepare("DELETE FROM card_sets WHERE id = ?").run(id).changes === 0) throw new CardSetNotFoundError(id);
  }

  /**
   * Adds games named one by one, or every game of a source, at `at` (default the end). Refused when the set
   * would hold more than CARD_SET_LIMIT games. Answers how many were added.
   */
  async add(id: number, what: { items?: readonly CardMediaRef[]; source?: CardSource; at?: number }): Promise<number> {
    this.set(id);
    if ((what.items === undefined) === (what.source === undefined)) throw new DomainError("invalid", "invalid params: one of items or source is required");
    const room = CARD_SET_LIMIT - this.count(id);
    if (room <= 0) throw new DomainError("invalid", `a card set holds at most ${CARD_SET_LIMIT} games (this one is full)`);
    const media = what.items ? await this.sources.named(what.items) : await this.sources.of(what.source!, Math.min(CARD_ADD_LIMIT, room));
    if (media.length > room) throw new DomainError("invalid", `a card set holds at most ${CARD_SET_LIMIT} games (this one has ${CARD_SET_LIMIT - room})`);
    if (media.length === 0) return 0;
    this.insert(id, media, what.at);
    return media.length;
  }

  /** Removes games by item id; refused (nothing removed) when one is not in the set. */
  remove(id: number, itemIds: readonly number[]): void {
    this.set(id);
    const present = new Set(this.rows(id).map((r) => r.id));
    const missing = itemIds.find((i) => !present.has(i));
    if (missing !== undefined) throw new DomainError("not-found", `item ${missing} is not in card set ${id}`);
    transaction(this.db, () => {
      const del = this.db.prepare("DELETE FROM card_set_items WHERE id = ? AND set_id = ?");
      for (const i of itemIds) del.run(i, id);
      this.renumber(id, this.rows(id).map((r) => r.id));
      this.touch(id);
    });
  }

  /** Moves one game to index `to` (clamped to the set). */
  move(id: number, itemId: number, to: number): void {
    this.set(id);
    const ids = this.rows(id).map((r) => r.id);
    if (!ids.includes(itemId)) throw new DomainError("not-found", `item ${itemId} is not in card set ${id}`);
    transaction(this.db, () => {
      this.renumber(id, moveTo(ids, itemId, to));
      this.touch(id);
    });
  }

  private insert(id: number, media: readonly CardMedia[], at: number | undefined): void {
    transaction(this.db, () => {
      const ids = this.rows(id).map((r) => r.id);
      const where = insertAt(ids.length, at);
      const add = this.db.prepare(
        "INSERT INTO card_set_items (set_id, position, system_id, system_name, path, title, tags, title_script, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const t = this.now();
      const added = media.map((m) => add.run(id, 0, m.systemId, m.systemName, m.path, m.title, JSON.stringify(m.tags), m.titleScript, t).lastInsertRowid);
      this.renumber(id, [...ids.slice(0, where), ...added, ...ids.slice(where)]);
      this.touch(id);
    });
  }

  private renumber(id: number, ordered: readonly number[]): void {
    const at = this.db.prepare("UPDATE card_set_items SET position = ? WHERE id = ? AND set_id = ?");
    ordered.forEach((itemId, i) => at.run(i, itemId, id));
  }

  private touch(id: number): void {
    this.db.prepare("UPDATE card_sets SET updated = ? WHERE id = ?").run(this.now(), id);
  }

  private count(id: number): number {
    return this.db.prepare("SELECT COUNT(*) AS n FROM card_set_items WHERE set_id = ?").get<{ n: number }>(id)?.n ?? 0;
  }

  private rows(id: number): ItemRow[] {
    return this.db
      .prepare("SELECT id, position, system_id, system_name, path, title, tags, title_script FROM card_set_items WHERE set_id = ? ORDER BY position, id")
      .all<ItemRow>(id);
  }

  private toItem(r: ItemRow, kind: ScriptKind): CardSetItem {
    return {
      itemId: r.id,
      position: r.position,
      path: r.path,
      systemId: r.system_id,
      systemName: r.system_name,
      title: r.title,
      tags: parseTags(r.tags),
      script: cardScript(kind, { path: r.path, titleScript: r.title_script }),
    };
  }
}
