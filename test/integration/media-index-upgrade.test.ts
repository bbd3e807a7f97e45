import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "../fixtures/launch-env.ts";
import { startService, tempDir } from "../fixtures/service.ts";

/**
 * An index written by a version that read file names otherwise (its walk key is another, its tag lists lack the
 * reference's tags) gets the new tags at its next run, with no step of the user's: that run rewrites every system
 * although no folder changed, and the app's tag filters work on both sides of it.
 */
let root: string;
let dataDir: string;
const config = () => `[launchers]\nindex_root = ["${root}/roms"]\n`;

beforeAll(async () => {
  root = tempDir("tapserve-index-upgrade-");
  dataDir = join(root, "data");
  mkdirSync(dataDir);
  writeFiles(join(root, "roms"), ["SNES/Super Mario World (USA).sfc", "SNES/Super Metroid (Japan, USA) (En,Ja).sfc", "NES/Tetris (USA).nes"]);
  const svc = await startService({ dataDir, configToml: config() });
  expect(await (await svc.connect()).call("media.index")).toBeNull();
  await svc.stop();
  // as an index of the previous version: another walk key, and tag lists without the extension tags it lacked
  const db = new Database(join(dataDir, "media.db"));
  db.exec("UPDATE meta SET value = 'written by an older version' WHERE key = 'walk'");
  db.exec("DELETE FROM system_tags WHERE tag IN (SELECT id FROM tags WHERE tag LIKE 'extension:%')");
  db.exec("DELETE FROM tags WHERE tag LIKE 'extension:%'");
  db.close();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("an index from an older version", () => {
  test("is served as it is, then its next run (nothing changed on disk) brings the new tags", async () => {
    const svc = await startService({ dataDir, configToml: config(), keep: true });
    try {
      const c = await svc.connect();
      const tagsOf = async () => (await c.call<{ tags: Array<{ type: string; tag: string }> }>("media.tags")).tags.map((t) => `${t.type}:${t.tag}`);
      const region = async () => (await c.call<{ total: number }>("media.search", { query: "", tags: ["region:us"] })).total;
      expect(await tagsOf()).not.toContain("extension:sfc");
      expect(await region()).toBe(3); // the filters the app offers keep working before the run
      expect(await c.call("media.index")).toBeNull();
      expect(await tagsOf()).toEqual(expect.arrayContaining(["extension:sfc", "extension:nes", "region:us", "lang:ja"]));
      expect((await c.call<{ total: number }>("media.search", { query: "", tags: ["extension:sfc"] })).total).toBe(2);
      expect(await region()).toBe(3);
    } finally {
      await svc.stop();
    }
  });
});
