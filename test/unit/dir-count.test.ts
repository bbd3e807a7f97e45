import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunRuntime } from "../../src/runtime/bun/index.ts";

/** Runtime.countDirEntries on Bun (getdents64 through bun:ffi) against real folders, as readdir counts them. */
const root = mkdtempSync(join(tmpdir(), "tapserve-dir-count-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const count = (path: string) => bunRuntime.countDirEntries?.(path);

describe("counting a folder's entries", () => {
  test("files, sub-folders, links (also dangling) and hidden entries count; . and .. do not", () => {
    const d = join(root, "mixed");
    mkdirSync(join(d, "sub"), { recursive: true });
    mkdirSync(join(d, ".hidden"));
    writeFileSync(join(d, "a.sfc"), "");
    writeFileSync(join(d, "._a.sfc"), "");
    writeFileSync(join(d, "..x"), "");
    symlinkSync(join(d, "a.sfc"), join(d, "link.sfc"));
    symlinkSync(join(d, "sub"), join(d, "link-dir"));
    symlinkSync(join(d, "gone"), join(d, "dangling"));
    expect(count(d)).toBe(8);
    expect(count(d)).toBe(readdirSync(d).length);
  });

  test("an empty folder has none", () => {
    const d = join(root, "empty");
    mkdirSync(d);
    expect(count(d)).toBe(0);
  });

  test("a folder larger than one read buffer is counted whole, and the buffer is reused after it", () => {
    const d = join(root, "large");
    mkdirSync(d);
    const long = "x".repeat(200);
    for (let i = 0; i < 3000; i++) writeFileSync(join(d, `${i} ${long}.sfc`), ""); // ~700 KiB of entries
    expect(count(d)).toBe(3000);
    expect(count(join(root, "empty"))).toBe(0);
    expect(count(d)).toBe(3000);
  });

  test("a missing path, a file and an unreadable folder throw as readdir does", () => {
    const codeOf = (f: () => unknown) => {
      try {
        f();
        return null;
      } catch (err) {
        return (err as NodeJS.ErrnoException).code;
      }
    };
    expect(codeOf(() => count(join(root, "missing")))).toBe("ENOENT");
    writeFileSync(join(root, "plain"), "");
    expect(codeOf(() => count(join(root, "plain")))).toBe("ENOTDIR");
    const locked = join(root, "locked");
    mkdirSync(locked);
    writeFileSync(join(locked, "a"), "");
    chmodSync(locked, 0);
    try {
      // root reads any folder: then both count it
      expect(codeOf(() => count(locked))).toBe(codeOf(() => readdirSync(locked)));
    } finally {
      chmodSync(locked, 0o755);
    }
  });
});
