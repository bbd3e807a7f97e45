import { describe, expect, test } from "bun:test";
import { type BrowseCursor, decodeBrowseCursor, encodeBrowseCursor } from "../../../src/core/media/browse-cursor.ts";
import { DomainError } from "../../../src/core/errors.ts";

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("not refused");
};

describe("browse cursors", () => {
  const c: BrowseCursor = { phase: "files", path: "/media/fat/games/SNES/Pokémon – Rot (Germany).sfc", key: "pokémon – rot", listing: '["/media/fat/games/SNES","name-asc","",[],[]]' };

  test("what we write reads back, in URL-safe characters", () => {
    const text = encodeBrowseCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBrowseCursor(text, c.listing)).toEqual(c);
    const d: BrowseCursor = { ...c, phase: "dirs", path: "/media/fat/games/SNES/Hacks", key: "hacks" };
    expect(decodeBrowseCursor(encodeBrowseCursor(d), c.listing)).toEqual(d);
    const withId: BrowseCursor = { ...c, id: 4711 };
    expect(decodeBrowseCursor(encodeBrowseCursor(withId), c.listing)).toEqual(withId);
  });

  test("another listing's cursor, a plain offset and anything else are refused as invalid", () => {
    expect(refusal(() => decodeBrowseCursor(encodeBrowseCursor(c), '["/other","name-asc","",[],[]]')).message).toMatch(/another listing/);
    const json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    for (const bad of ["5", "%%%", json({ v: 2, ph: "f", p: "", k: "", l: c.listing }), json({ v: 1, ph: "x", p: "", k: "", l: c.listing }), json({ v: 1, ph: "d", p: 1, k: "", l: c.listing }), json({ v: 1, ph: "f", p: "", k: "", l: c.listing, i: "7" }), json({ v: 1, ph: "f", p: "", k: "", l: c.listing, i: 0 }), json(null), "A".repeat(20000)]) {
      expect(refusal(() => decodeBrowseCursor(bad, c.listing)).kind).toBe("invalid");
    }
  });
});
