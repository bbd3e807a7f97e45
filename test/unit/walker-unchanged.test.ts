import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { type FolderRecord, priorWalk, provingCtime } from "../../src/service/media/folder-records.ts";
import { type SystemScan, walkSystemFolder, type WalkContext } from "../../src/service/media/walker.ts";

/**
 * A walk against the previous walk's folder records, on real folders: a folder is read again when its mtime or
 * entry count changed (also with its mtime forced back), and counted only when its ctime moved.
 */
const root = mkdtempSync(join(tmpdir(), "tapserve-walk-unchanged-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const exts = new Set([".sfc"]);

function context(counted: string[], native = true): WalkContext {
  return {
    zipsAsFolders: false,
    tick: async () => {},
    warn: () => {},
    // the walk runs "later": every ctime made by the test counts as settled
    now: () => Date.now() + 10_000,
    countEntries: (path) => {
      counted.push(path);
      return native ? (bunRuntime.countDirEntries?.(path) ?? null) : null;
    },
  };
}

async function walk(dir: string, counted: string[], prior?: FolderRecord[], native = true) {
  const scan: SystemScan = { system: "SNES", dirs: [], files: [], fileDirs: [], folders: [] };
  const outcome = await walkSystemFolder(dir, "SNES", exts, scan, context(counted, native), prior ? priorWalk(prior) : undefined);
  return { scan, outcome };
}

function tree(name: string): { dir: string; sub: string; past: number } {
  const dir = join(root, name);
  const sub = join(dir, "RPG");
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(dir, "Top (USA).sfc"), "");
  writeFileSync(join(sub, "Chrono Trigger (USA).sfc"), "");
  writeFileSync(join(sub, "Secret of Mana (USA).sfc"), "");
  const past = Math.floor(Date.now() / 1000) - 100;
  utimesSync(sub, past, past);
  return { dir, sub, past };
}

describe("walking an unchanged tree again", () => {
  test("folders whose mtime and ctime are as recorded are neither read nor counted", async () => {
    const { dir } = tree("same");
    const first = await walk(dir, []);
    expect(first.scan.files.sort()).toEqual(["Chrono Trigger (USA).sfc", "Secret of Mana (USA).sfc", "Top (USA).sfc"]);
    expect(first.scan.folders?.every((r) => (r.ctime ?? -1) >= 0 || statSync(r.abs).ctimeMs % 1 === 0)).toBeTrue();
    const counted: string[] = [];
    const again = await walk(dir, counted, first.scan.folders);
    expect(again.outcome.changed).toBe(0);
    expect(again.outcome.reused.sort()).toEqual([dir, join(dir, "RPG")].sort());
    expect(again.scan.files).toEqual([]);
    // sub-millisecond ctimes (ext4, tmpfs, btrfs, xfs): nothing to count
    if (first.scan.folders?.every((r) => (r.ctime ?? -1) >= 0)) expect(counted).toEqual([]);
  });

  for (const native of [true, false]) {
    const how = native ? "getdents64" : "readdir";
    test(`a file added or removed with the folder's mtime put back is noticed by the entry count (${how})`, async () => {
      const { dir, sub, past } = tree(`count-${how}`);
      const first = await walk(dir, []);
      writeFileSync(join(sub, "Illusion of Gaia (USA).sfc"), "");
      utimesSync(sub, past, past);
      const counted: string[] = [];
      const added = await walk(dir, counted, first.scan.folders);
      expect(counted).toEqual([sub]); // its ctime moved (utimes sets it too): counted; the others were not
      expect(added.outcome.changed).toBe(1);
      expect(added.scan.files.sort()).toEqual(["Chrono Trigger (USA).sfc", "Illusion of Gaia (USA).sfc", "Secret of Mana (USA).sfc"]);

      rmSync(join(sub, "Secret of Mana (USA).sfc"));
      utimesSync(sub, past, past);
      const removed = await walk(dir, [], added.scan.folders);
      expect(removed.outcome.changed).toBe(1);
      expect(removed.scan.files.sort()).toEqual(["Chrono Trigger (USA).sfc", "Illusion of Gaia (USA).sfc"]);
    });
  }

  test("a record without a ctime (coarse timestamps such as FAT's, or an older index) is counted", async () => {
    const { dir, sub } = tree("coarse");
    const first = await walk(dir, []);
    const records = (first.scan.folders ?? []).map((r) => ({ ...r, ctime: -1 }));
    const counted: string[] = [];
    const again = await walk(dir, counted, records);
    expect(again.outcome.changed).toBe(0);
    expect(counted.sort()).toEqual([dir, sub].sort());
    // counted and unchanged: the record takes the folder's ctime for the next run
    expect(again.scan.folders?.map((r) => r.ctime)).toEqual(first.scan.folders?.map((r) => r.ctime));
  });

  test("a ctime is kept only when finer than a millisecond and settled before the walk", () => {
    const now = 1_700_000_000_000;
    expect(provingCtime(now - 5000.25, now)).toBe(now - 5000.25);
    expect(provingCtime(now - 5000, now)).toBe(-1); // whole milliseconds: FAT (2 s), exFAT (10 ms)
    expect(provingCtime(now - 10.5, now)).toBe(-1); // changed within the walk's clock tick
    expect(provingCtime(now + 60_000.5, now)).toBe(-1); // in the future
  });
});
