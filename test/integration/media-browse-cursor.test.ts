import { describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { writeFiles } from "../fixtures/launch-env.ts";
import { nameGenerator } from "../fixtures/rom-names.ts";
import { startService, tempDir } from "../fixtures/service.ts";
import { BrowseResult } from "../../src/core/wire/index.ts";

/**
 * Browse cursors are keyset cursors: a page goes on after the entry the previous one ended on, by its path, so
 * re-indexing between pages (other folders changing, or files coming and going in this one) neither repeats nor
 * skips an entry that stayed.
 */
const names = (prefix: string, n: number, ext: string) => Array.from({ length: n }, (_, i) => `${prefix} ${String(i).padStart(2, "0")} (USA)${ext}`);

describe("browse cursors across re-indexing", () => {
  test("pages go on after the last entry seen when other folders, or this one, were indexed again in between", async () => {
    const root = tempDir("tapserve-browse-cursor-");
    const roms = join(root, "roms");
    writeFiles(roms, [...names("SNES/Sub/Game", 2, ".sfc"), ...names("SNES/Game", 12, ".sfc"), ...names("NES/Other", 3, ".nes")]);
    const svc = await startService({ configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n` });
    try {
      const c = await svc.connect();
      const browse = async (p: Record<string, unknown>) => {
        const r = BrowseResult(await c.call("media.browse", p));
        if (r instanceof type.errors) throw new Error(r.summary);
        return r;
      };
      await c.call("media.index");
      const snes = join(roms, "SNES");
      const p1 = await browse({ path: snes, maxResults: 5 });
      expect(p1.entries.map((e) => e.name.replace(" (USA)", ""))).toEqual(["Sub", "Game 00", "Game 01", "Game 02", "Game 03"]);
      const cursor = p1.pagination!.nextCursor!;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/); // opaque base64url

      // other folders change and everything is indexed again (new ids, new index file): the next page holds
      writeFiles(roms, [...names("NES/More", 40, ".nes"), "Genesis/Sonic (USA).md"]);
      await c.call("media.index");
      const p2 = await browse({ path: snes, maxResults: 5, cursor });
      expect(p2.entries.map((e) => e.name.replace(" (USA)", ""))).toEqual(["Game 04", "Game 05", "Game 06", "Game 07", "Game 08"]);

      // this folder changes: an entry before the cursor goes, one comes; the page after still starts at Game 09
      rmSync(join(snes, "Game 01 (USA).sfc"));
      writeFileSync(join(snes, "Game 00a (USA).sfc"), "");
      await c.call("media.index");
      const p3 = await browse({ path: snes, maxResults: 5, cursor: p2.pagination!.nextCursor! });
      expect(p3.entries.map((e) => e.name.replace(" (USA)", ""))).toEqual(["Game 09", "Game 10", "Game 11"]);
      expect(p3.pagination).toMatchObject({ hasNextPage: false, nextCursor: null });

      // the entry a cursor ended on is gone: the page goes on after where it stood
      rmSync(join(snes, "Game 08 (USA).sfc"));
      await c.call("media.index");
      const p4 = await browse({ path: snes, maxResults: 2, cursor: p2.pagination!.nextCursor! });
      expect(p4.entries.map((e) => e.name.replace(" (USA)", ""))).toEqual(["Game 09", "Game 10"]);

      // a cursor ending on a folder
      const d1 = await browse({ path: snes, maxResults: 1 });
      const d2 = await browse({ path: snes, maxResults: 1, cursor: d1.pagination!.nextCursor! });
      expect(d2.entries.map((e) => e.name.replace(" (USA)", ""))).toEqual(["Game 00"]);

      // plain offsets (the reference accepts none) and other listings' cursors are refused
      expect((await c.request("media.browse", { path: snes, cursor: "5" })).error?.code).toBe(-32602);
      expect((await c.request("media.browse", { path: snes, cursor, sort: "name-desc" })).error?.code).toBe(-32602);
    } finally {
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  test("the pages of a big folder (read off the title order) are the listing's pages, both ways", async () => {
    const root = tempDir("tapserve-browse-first-");
    const roms = join(root, "roms");
    const next = nameGenerator(3);
    writeFiles(roms, [...Array.from({ length: 2600 }, () => `SNES/${next()}.sfc`), ...Array.from({ length: 900 }, () => `NES/${next()}.nes`), "SNES/Sub/Game (USA).sfc"]);
    const svc = await startService({ configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n` });
    try {
      const c = await svc.connect();
      await c.call("media.index");
      type Page = { entries: Array<{ path: string }>; totalFiles: number; totalDirs: number; pagination: { nextCursor: string | null; hasNextPage: boolean } };
      const pages = async (p: Record<string, unknown>) => {
        const out: Page[] = [];
        for (let cursor: string | null | undefined; out.length === 0 || cursor; ) {
          const page: Page = await c.call<Page>("media.browse", cursor ? { ...p, cursor } : p);
          out.push(page);
          cursor = page.pagination.nextCursor;
        }
        return out;
      };
      for (const sort of ["name-asc", "name-desc"]) {
        const p = { path: join(roms, "SNES"), maxResults: 400, sort };
        const quick = await pages(p); // every page read off the title order
        await c.call("media.browse.index", { path: p.path, sort }); // builds the whole listing, kept for paging
        const whole = await pages(p);
        expect(quick[0]!.entries.length).toBe(400);
        expect(quick.length).toBe(7);
        expect(quick.flatMap((q) => q.entries).length).toBe(2601);
        expect(quick.at(-1)!.pagination.hasNextPage).toBe(false);
        expect(quick).toEqual(whole);
      }
    } finally {
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
