import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "../fixtures/launch-env.ts";
import { freePort, runChild, waitHealthy, type ChildService } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { writeTree } from "../fixtures/rom-tree.ts";
import { startService, tempDir } from "../fixtures/service.ts";
import type { IndexingStatus as Status } from "../../src/core/wire/index.ts";

/**
 * Index robustness through the API: a run killed (SIGKILL, as a power cut) resumes at the next start after the
 * systems it had finished and searches never see a torn index; a re-index of an unchanged tree keeps the served
 * index, skipping folders whose mtime and entry count are unchanged; media.clean.orphans.
 */
const config = (roms: string) => `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n`;
const status = async (c: RpcClient) => (await c.call<{ database: Status }>("media")).database;
const total = async (c: RpcClient) => (await c.call<{ total: number }>("media.search", { query: "" })).total;

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("media index resume after a power cut", () => {
  test("SIGKILL during indexing: the next start resumes after the finished systems; searches see the old or the new index, whole", async () => {
    const root = tempDir("tapserve-resume-");
    const roms = join(root, "roms");
    const dataDir = join(root, "data");
    writeFiles(roms, ["SNES/Super Mario World (USA).sfc", "NES/Zelda (Europe).nes"]);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "config.toml"), config(roms));
    const port = await freePort();
    const start = async (): Promise<[ChildService, RpcClient]> => {
      const child = runChild(["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"]);
      await waitHealthy(port, child);
      return [child, await RpcClient.connect(`ws://127.0.0.1:${port}/`)];
    };
    let [child, c] = await start();
    try {
      expect(await c.call("media.index")).toBeNull();
      const before = await total(c);
      expect(before).toBe(2);
      const systems = [
        { folder: "Genesis", ext: ".md" },
        { folder: "GBA", ext: ".gba" },
        { folder: "N64", ext: ".z64" },
        { folder: "SMS", ext: ".sms" },
        { folder: "PSX", ext: ".cue" },
        { folder: "GameGear", ext: ".gg" },
      ];
      const added = writeTree(roms, systems, 40_000, 5);
      c.notifications.length = 0;
      expect(await c.call("media.generate")).toBeNull();
      // killed as soon as the checkpoint holds a finished system (watched without yielding: the whole run takes
      // well under a second, so a notification may come too late)
      const partial = join(dataDir, "media.db.partial");
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (existsSync(partial)) {
          try {
            const db = new Database(partial, { readonly: true });
            const n = (db.query("SELECT count(*) AS n FROM steps").get() as { n: number } | null)?.n ?? 0;
            db.close();
            if (n >= 1) break;
          } catch {} // not yet a database with its table
        }
        if (Date.now() > deadline) throw new Error("no system was committed to the checkpoint within 60 s");
      }
      child.proc.kill("SIGKILL");
      expect((await child.exited).signal).toBe("SIGKILL");
      c.close();
      expect(existsSync(join(dataDir, "media.db.partial"))).toBeTrue();
      const cp = new Database(join(dataDir, "media.db.partial"), { readonly: true });
      const committed = (cp.query("SELECT count(*) AS n FROM steps").get() as { n: number }).n;
      cp.close();
      expect(committed).toBeGreaterThanOrEqual(1);

      [child, c] = await start();
      await until(async () => {
        const seen = await total(c); // never a torn index: all of the old one or all of the new one
        expect([before, before + added]).toContain(seen);
        return !(await status(c)).indexing && seen === before + added;
      }, "the resumed run to finish");
      expect(child.output()).toContain(`resuming the interrupted index run: ${committed} systems were finished before`);
      expect(await status(c)).toMatchObject({ exists: true, indexing: false, totalMedia: before + added });
      expect(existsSync(join(dataDir, "media.db.partial"))).toBeFalse();
      expect(await c.call("media.search", { query: "zelda europe", systems: ["NES"] })).toMatchObject({ total: 1 });
      expect((await c.call<{ message: string }>("media.generate.resume")).message).toMatch(/not paused/i);
    } finally {
      c.close();
      child.proc.kill("SIGTERM");
      await child.exited;
      rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("re-indexing an unchanged tree", () => {
  test("keeps the served index; only folders whose mtime or entry count changed are read again", async () => {
    const root = tempDir("tapserve-unchanged-");
    const roms = join(root, "roms");
    writeFiles(roms, ["SNES/Super Mario World (USA).sfc", "SNES/RPG/Chrono Trigger (USA).sfc", "SNES/RPG/Secret of Mana (USA).sfc", "NES/Zelda (Europe).nes"]);
    // whole seconds: a file system may keep finer mtimes than a test can set back exactly
    const past = Math.floor(Date.now() / 1000) - 100;
    for (const d of ["SNES/RPG", "NES"]) utimesSync(join(roms, d), past, past);
    const svc = await startService({ configToml: config(roms) });
    try {
      const c = await svc.connect();
      await c.call("media.index");
      const db = join(svc.dataDir, "media.db");
      const ino = statSync(db).ino;
      await c.call("media.index");
      expect(statSync(db).ino).toBe(ino); // nothing changed: no new index file was written
      expect(await total(c)).toBe(4);

      // a file swapped for another with the folder's mtime put back: same mtime, same count, so not read again
      const rpg = join(roms, "SNES/RPG");
      rmSync(join(rpg, "Secret of Mana (USA).sfc"));
      writeFileSync(join(rpg, "Illusion of Gaia (USA).sfc"), "");
      utimesSync(rpg, past, past);
      // another folder gains a file (its mtime put back too): its entry count tells
      const nes = join(roms, "NES");
      writeFileSync(join(nes, "Metroid (USA).nes"), "");
      utimesSync(nes, past, past);
      await c.call("media.index");
      expect(statSync(db).ino).not.toBe(ino);
      expect((await c.call<{ total: number }>("media.search", { query: "mana" })).total).toBe(1);
      expect((await c.call<{ total: number }>("media.search", { query: "gaia" })).total).toBe(0);
      expect((await c.call<{ total: number }>("media.search", { query: "metroid" })).total).toBe(1);
      // and loses one (its mtime put back again): the count tells
      rmSync(join(nes, "Zelda (Europe).nes"));
      utimesSync(nes, past, past);
      await c.call("media.index");
      expect((await c.call<{ total: number }>("media.search", { query: "zelda" })).total).toBe(0);

      // the folder's mtime moves: read again
      utimesSync(rpg, past, past + 5);
      await c.call("media.index");
      expect((await c.call<{ total: number }>("media.search", { query: "mana" })).total).toBe(0);
      expect((await c.call<{ total: number }>("media.search", { query: "gaia" })).total).toBe(1);
      expect(await total(c)).toBe(4);
    } finally {
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("media.clean.orphans", () => {
  test("removes metadata and user tags of media gone from the index, keeps the others'", async () => {
    const root = tempDir("tapserve-orphans-");
    const roms = join(root, "roms");
    writeFiles(roms, ["SNES/Super Mario World (USA).sfc", "SNES/Chrono Trigger (USA).sfc", "NES/Zelda (Europe).nes"]);
    const svc = await startService({ configToml: config(roms) });
    try {
      const c = await svc.connect();
      await c.call("media.index");
      expect(await c.call("media.clean.orphans")).toEqual({ deleted: 0 });
      const found = await c.call<{ results: Array<{ mediaId: number; path: string }> }>("media.search", { query: "" });
      for (const r of found.results) {
        expect(r.mediaId).toBeGreaterThan(0);
        await c.call("media.tags.update", { mediaId: r.mediaId, add: ["user:favorite"] });
        await c.call("media.meta.update", { mediaId: r.mediaId, media: { developer: "Someone" } });
      }
      rmSync(join(roms, "SNES/Chrono Trigger (USA).sfc"));
      await c.call("media.index");
      // one user tag row and one title's metadata row
      expect(await c.call("media.clean.orphans")).toEqual({ deleted: 2 });
      expect(await c.call("media.clean.orphans")).toEqual({ deleted: 0 });
      const favourites = await c.call<{ results: Array<{ path: string }> }>("media.search", { query: "", tags: ["user:favorite"] });
      expect(favourites.results.map((r) => r.path).sort()).toEqual(["NES/Zelda (Europe).nes", "SNES/Super Mario World (USA).sfc"]);
      const meta = await c.call<{ media: unknown }>("media.meta", { path: "SNES/Super Mario World (USA).sfc" });
      expect(JSON.stringify(meta)).toContain("Someone");
    } finally {
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
