import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/config/atomic-write.ts";

const dir = mkdtempSync(join(tmpdir(), "tapserve-atomic-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("atomic writes", () => {
  test("a symlink planted at the old predictable temp name is not followed; its target is untouched", () => {
    const target = join(dir, "victim.txt");
    writeFileSync(target, "precious");
    const path = join(dir, "config.toml");
    symlinkSync(target, `${path}.tmp-${process.pid}`); // the name earlier versions used
    writeFileAtomic(path, "debug_logging = true\n");
    expect(readFileSync(target, "utf8")).toBe("precious");
    expect(readFileSync(path, "utf8")).toBe("debug_logging = true\n");
    expect((statSync(path).mode & 0o777).toString(8)).toBe("600");
  });

  test("each write uses a fresh random temp name and leaves none behind", () => {
    const path = join(dir, "again.toml");
    for (let i = 0; i < 5; i++) writeFileAtomic(path, `n = ${i}\n`);
    expect(readFileSync(path, "utf8")).toBe("n = 4\n");
    expect(readdirSync(dir).filter((n) => n.startsWith("again.toml.tmp-"))).toEqual([]);
  });
});
