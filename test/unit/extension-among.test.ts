import { describe, expect, test } from "bun:test";
import { extensionAmong, extensionOf } from "../../src/core/systems/catalog.ts";

describe("extension of a walked file", () => {
  test("the same as extensionOf, whether or not it is among the known ones, in any case", () => {
    const known = [".sfc", ".smc", ".z64.ndd", ".zip", ".7z"];
    const names = ["Game (USA).sfc", "Game.SFC", "game.Smc", "a.b.sfc", "disk.z64.ndd", "x.ndd", "noext", ".sfc", ".hidden.sfc", "pack.zip", "PACK.ZIP", "a.7z", "a.", "sfc", "Ünï.SFC", "trailing.sfc ", "x.nes"];
    for (const n of names) expect([n, extensionAmong(n, known)]).toEqual([n, extensionOf(n)]);
    expect(extensionAmong("Game.sfc", [])).toBe(".sfc");
  });
});
