import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
import { coreForSystem, coreSystem, misterCoreFor, MISTER_ALT_CORES, MISTER_CORE_GROUPS, MISTER_CORES } from "../../src/platforms/mister/cores.ts";
import { resolveRbf, scanRbfs } from "../../src/platforms/mister/rbf.ts";
import { tempDir } from "../fixtures/service.ts";

describe("MiSTer core table", () => {
  test("every core the reference defines, each on a known system, with its slots", () => {
    expect(MISTER_CORES).toHaveLength(118);
    expect(MISTER_ALT_CORES).toHaveLength(91);
    expect(new Set(MISTER_CORES.map((c) => c.id)).size).toBe(MISTER_CORES.length);
    const catalog = systemCatalog();
    for (const core of MISTER_CORES) {
      expect(catalog.byIdExact(coreSystem(core))?.id).toBe(coreSystem(core));
      if (core.id !== "Arcade") expect(core.rbf).toMatch(/^[^/]+(\/[^/]+)+$/);
      for (const slot of core.slots) for (const ext of slot.exts) expect(ext).toMatch(/^\.[a-z0-9.?]+$/);
    }
    for (const alt of MISTER_ALT_CORES) expect(MISTER_CORES.some((c) => c.id === alt.core)).toBe(true);
    for (const ids of Object.values(MISTER_CORE_GROUPS)) for (const id of ids) expect(MISTER_CORES.some((c) => c.id === id)).toBe(true);
  });

  test("a file in a core's games folder with its first extension is launched with that core", () => {
    const catalog = systemCatalog();
    const wrong: string[] = [];
    for (const core of MISTER_CORES) {
      const ext = core.slots[0]?.exts[0];
      for (const folder of core.folders.filter((f) => !f.startsWith("/"))) {
        if (!ext) continue;
        const path = `/media/fat/games/${folder}/Game${ext.replace(/\?/g, "1")}`;
        const picked = misterCoreFor(catalog.systemForPath(path)?.id, path)?.core.id;
        if (picked !== core.id) wrong.push(`${core.id}: ${folder}/Game${ext} -> ${picked}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("systems and MiSTer group names pick their core", () => {
    expect(coreForSystem("DOS")?.id).toBe("ao486");
    expect(coreForSystem("tgfx16")?.id).toBe("TurboGrafx16");
    expect(coreForSystem("Saturn")?.rbf).toBe("_Console/Saturn");
  });
});

describe("RBF files on the card", () => {
  const sd = tempDir("tapserve-rbf-");
  afterAll(() => rmSync(sd, { recursive: true, force: true }));
  const touch = (rel: string) => {
    mkdirSync(dirname(join(sd, rel)), { recursive: true });
    writeFileSync(join(sd, rel), "");
  };
  for (const f of [
    "_Console/SNES_20230101.rbf",
    "_Console/SNES_20240501.rbf",
    "_Console/_Unstable/N64_unstable_20240101_abc1.rbf",
    "_Console/_Unstable/N64_unstable_20240301_ff02.rbf",
    "_Computer/Minimig_20240101.rbf",
    "_Other/PICO-8_20240101.rbf",
    "_Utility/Groovy_20240101.rbf",
    "_Console/NES_20240101_1a2b_DB9.rbf",
    "_RA_Cores/Cores/SNES_20240101.rbf",
    "Light Gun/NES-Sinden_20240101.rbf",
    "menu.rbf",
  ])
    touch(f);
  const elsewhere = tempDir("tapserve-rbf-link-");
  afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));
  writeFileSync(join(elsewhere, "PSX_20240202.rbf"), "");
  symlinkSync(join(elsewhere, "PSX_20240202.rbf"), join(sd, "_Console", "PSX.rbf"));

  test("by name without the date suffix, newest build first, preferring the named folder", () => {
    const files = scanRbfs(sd);
    expect(resolveRbf(files, "_Console/SNES")).toMatchObject({ path: join(sd, "_Console/SNES_20240501.rbf"), mglName: "_Console/SNES" });
    expect(resolveRbf(files, "_RA_Cores/Cores/SNES", true)?.mglName).toBe("_RA_Cores/Cores/SNES");
    expect(resolveRbf(files, "_Computer/Minimig")?.mglName).toBe("_Computer/Minimig");
    expect(resolveRbf(files, "_Other/PICO-8")?.mglName).toBe("_Other/PICO-8");
    expect(resolveRbf(files, "_Utility/Groovy")?.mglName).toBe("_Utility/Groovy");
    expect(resolveRbf(files, "Light Gun/NES-Sinden", true)?.mglName).toBe("Light Gun/NES-Sinden");
  });

  test("unstable nightlies, date/hash patterns, symlinks outside the card; strict paths do not wander", () => {
    const files = scanRbfs(sd);
    expect(resolveRbf(files, "_Console/N64")?.mglName).toBe("_Console/_Unstable/N64_unstable_20240301_ff02");
    expect(resolveRbf(files, "_Console/NES_<date>_<hash>_DB9", true)?.mglName).toBe("_Console/NES_20240101_1a2b_DB9");
    expect(resolveRbf(files, "_Console/PSX")?.mglName).toBe(join(elsewhere, "PSX_20240202.rbf"));
    expect(resolveRbf(files, "_LLAPI/SNES_LLAPI", true)).toBeUndefined();
    expect(resolveRbf(files, "_Sinden/NES_Sinden", true)).toBeUndefined();
  });
});
