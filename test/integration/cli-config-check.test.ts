import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../fixtures/service.ts";

const ROOT = join(import.meta.dir, "../..");
const check = (text: string) => {
  const file = join(tempDir("tapserve-config-check-"), "config.toml");
  writeFileSync(file, text);
  const r = spawnSync(join(ROOT, "node_modules/.bin/bun"), [join(ROOT, "src/main.ts"), "config", "check", file], { encoding: "utf8", timeout: 20_000 });
  return { code: r.status, out: r.stdout };
};

describe("tapserve config check FILE", () => {
  test("names the keys used, read under our name, kept without effect and unknown, with their lines", () => {
    const r = check('[readers.scan]\nmode = "hold"\non_scan = "**echo:x"\n\n[audio]\nvolume = 50\n\n[service]\nallowed_ips = ["192.168.1.0/24"]\ntypo_key = 1\n');
    expect(r.code).toBe(0);
    expect(r.out).toContain("used:\n  readers.scan.mode (line 2)\n  readers.scan.on_scan (line 3)\n");
    expect(r.out).toContain("service.allowed_ips → service.allow_api");
    expect(r.out).toContain("without effect here (kept in the file):\n  audio.volume (line 6)\n");
    expect(r.out).toContain("unknown keys (a typo?):\n  service.typo_key (line 10)\n");
  });

  test("a file that would stop the service: every error with its line, exit 1", () => {
    const r = check('[readers.scan]\nmode = "sometimes"\nexit_delay = "x"\n');
    expect(r.code).toBe(1);
    expect(r.out).toContain('line 2: readers.scan.mode must be "hold" or "tap"');
    expect(r.out).toContain("line 3: readers.scan.exit_delay must be a number");
  });
});
