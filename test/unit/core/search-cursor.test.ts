import { describe, expect, test } from "bun:test";
import { decodeSearchCursor, encodeSearchCursor } from "../../../src/core/media/search-cursor.ts";
import { DomainError } from "../../../src/core/errors.ts";

describe("search cursors", () => {
  test("what we write reads back, unicode paths included, in URL-safe characters", () => {
    const c = { tier: 2, title: "pokémon – rot", system: "GB", path: "GB/Pokémon – Rot (Germany).gb" };
    const text = encodeSearchCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchCursor(text)).toEqual(c);
  });

  test("anything else is refused as invalid, never thrown as a bug", () => {
    const json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    for (const bad of ["%%%", json({ v: 2, t: 0, k: "", s: "", p: "" }), json({ v: 1, t: 3, k: "", s: "", p: "" }), json({ v: 1, t: 1, k: 1, s: "", p: "" }), json(null), json([1]), "A".repeat(9000), "eyJ"]) {
      let err: unknown;
      try {
        decodeSearchCursor(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).kind).toBe("invalid");
    }
  });
});
