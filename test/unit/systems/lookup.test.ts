import { describe, expect, test } from "bun:test";
import { withFallbacks } from "../../../src/core/systems/fallbacks.ts";
import { SystemNameLookup } from "../../../src/core/systems/lookup.ts";
import { systemTiers } from "../../../src/core/systems/tiers.ts";

// A stand-in slug function (letters and digits, lowercase) keeps these tests about the table, not about slugs.
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const sys = (id: string, aliases: string[] = [], slugs: string[] = [], fallbacks: string[] = []) => ({ id, aliases, slugs, fallbacks });

describe("SystemNameLookup", () => {
  const genesis = sys("Genesis", ["MegaDrive"], ["segagenesis"]);
  const snes = sys("SNES", ["SuperNintendo"], ["superfamicom"]);
  const lookup = new SystemNameLookup([snes, genesis], slug);

  test("ids and aliases in any case, custom slugs, slugs of natural names", () => {
    const names = ["genesis", "GENESIS", "megadrive", "Mega-Drive", "segagenesis", "Sega Genesis", "Super Famicom", "snes", "super nintendo"];
    expect(names.map((n) => lookup.find(n)?.id)).toEqual(["Genesis", "Genesis", "Genesis", "Genesis", "Genesis", "Genesis", "SNES", "SNES", "SNES"]);
  });

  test("a custom slug matches its slug form only (the input is lowered, not slugged, first)", () => {
    expect(lookup.find("SEGAGENESIS")?.id).toBe("Genesis");
    expect(lookup.find("Genesi")).toBeUndefined();
    expect(lookup.find("")).toBeUndefined();
  });

  test("two systems sharing a key is refused, naming both", () => {
    const clash = sys("SNES", ["SuperNintendo"], ["segagenesis"]);
    expect(() => new SystemNameLookup([genesis, clash], slug)).toThrow(/segagenesis.*SNES.*Genesis/);
  });

  test("a key repeated within one system is fine", () => {
    expect(() => new SystemNameLookup([sys("PSX", ["PSX"], ["psx"])], slug)).not.toThrow();
  });
});

describe("fallbacks", () => {
  const all = [sys("A", [], [], ["B", "C"]), sys("B", [], [], ["A"]), sys("C"), sys("D", [], [], ["C", "Z"])];
  const byId = (id: string) => all.find((s) => s.id === id);
  const ids = (list: { id: string }[]) => list.map((s) => s.id);

  test("withFallbacks: each system then its direct fallbacks, no repeats, unknown ids skipped", () => {
    expect(ids(withFallbacks([all[0]!], byId))).toEqual(["A", "B", "C"]);
    expect(ids(withFallbacks([all[3]!, all[0]!], byId))).toEqual(["D", "C", "A", "B"]);
    expect(withFallbacks([], byId)).toEqual([]);
  });

  test("systemTiers: the named systems together, then each fallback alone", () => {
    expect(systemTiers([all[0]!, all[3]!, all[0]!], byId).map(ids)).toEqual([["A", "D"], ["B"], ["C"]]);
    expect(systemTiers([all[2]!], byId).map(ids)).toEqual([["C"]]);
    expect(systemTiers([], byId)).toEqual([]);
  });
});
