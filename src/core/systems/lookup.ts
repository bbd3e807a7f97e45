import { toLowerGo } from "../slugs/go-strings.ts";

/** What the name lookup needs of a system: its id, aliases and custom slugs. */
export interface NamedSystem {
  readonly id: string;
  readonly aliases: readonly string[];
  readonly slugs: readonly string[];
}

/** The slug of a name read as a game title (the slug function of src/core/slugs with media type Game). */
export type GameSlug = (name: string) => string;

/**
 * Resolves a user-given system name as the reference does: an id, an alias or a custom slug in any case, or a
 * natural name ("Sega Mega Drive", "PlayStation 2") through its slug. The keys of each system, visited in id
 * order: its lowercase id and aliases, the slugs of its id and aliases, its custom slugs. Two systems sharing a
 * key is a data error, reported when the table is built.
 */
export class SystemNameLookup<S extends NamedSystem> {
  private readonly keys = new Map<string, S>();

  constructor(
    systems: Iterable<S>,
    private readonly slug: GameSlug,
  ) {
    const sorted = [...systems].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const s of sorted) {
      this.add(toLowerGo(s.id), s, "id");
      for (const a of s.aliases) this.add(toLowerGo(a), s, "alias");
      this.add(slug(s.id), s, "slug of the id");
      for (const a of s.aliases) this.add(slug(a), s, "slug of an alias");
      for (const c of s.slugs) this.add(c, s, "custom slug");
    }
  }

  /** The system a name means, or undefined: the lowercase name first, then its slug. */
  find(name: string): S | undefined {
    const lower = toLowerGo(name);
    const direct = this.keys.get(lower);
    if (direct) return direct;
    const slug = this.slug(name);
    return slug === lower ? undefined : this.keys.get(slug);
  }

  /** Every key of the table with its system's id (for tests and diagnostics). */
  entries(): [string, string][] {
    return [...this.keys].map(([k, s]) => [k, s.id]);
  }

  private add(key: string, system: S, what: string): void {
    if (key === "") return;
    const owner = this.keys.get(key);
    if (owner === undefined) this.keys.set(key, system);
    else if (owner.id !== system.id) throw new Error(`system name collision: "${key}" (${what} of ${system.id}) already names ${owner.id}`);
  }
}
