import { describe, expect, test } from "bun:test";
import { slugify } from "../../../src/core/slugs/index.ts";
import { systemCatalog } from "../../../src/core/systems/catalog.ts";
import { SystemNameLookup } from "../../../src/core/systems/lookup.ts";

// Checks of systems.json's lookup facts that the reference makes of its own table.
const catalog = systemCatalog();
const gameSlug = (s: string) => slugify("Game", s);

describe("systems.json lookup facts", () => {
  test("no name, alias or slug is shared by two systems", () => {
    expect(() => new SystemNameLookup(catalog.all, gameSlug)).not.toThrow();
  });

  test("custom slugs are lowercase letters and digits", () => {
    const bad = catalog.all.flatMap((s) => s.slugs.filter((x) => !/^[a-z0-9]+$/.test(x)).map((x) => `${s.id}: ${x}`));
    expect(bad).toEqual([]);
  });

  test("no custom slug repeats the slug of the id or of an alias", () => {
    const redundant = catalog.all.flatMap((s) => {
      const derived = new Set([s.id, ...s.aliases].map(gameSlug));
      return s.slugs.filter((x) => derived.has(x)).map((x) => `${s.id}: ${x}`);
    });
    expect(redundant).toEqual([]);
  });

  test("every fallback is a system of the catalog, other than itself", () => {
    const bad = catalog.all.flatMap((s) => s.fallbacks.filter((f) => f === s.id || !catalog.byIdExact(f)).map((f) => `${s.id} → ${f}`));
    expect(bad).toEqual([]);
  });

  test("every system's id resolves to itself, in any case", () => {
    for (const s of catalog.all) {
      expect(catalog.lookupSystem(s.id)?.id).toBe(s.id);
      expect(catalog.lookupSystem(s.id.toUpperCase())?.id).toBe(s.id);
      expect(catalog.lookupSystem(s.id.toLowerCase())?.id).toBe(s.id);
    }
  });

  test("every alias and custom slug resolves to its system", () => {
    const wrong = catalog.all.flatMap((s) => [...s.aliases, ...s.slugs].filter((n) => catalog.lookupSystem(n)?.id !== s.id).map((n) => `${n} → ${s.id}`));
    expect(wrong).toEqual([]);
  });
});
