import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../fixtures/service.ts";

/**
 * Issue 41 (B6): loading arktype costs ~45 ms of a start on x64, more than the rest of it. A start whose config
 * was checked before answers its first requests without loading it; the first call with params loads it, bad
 * params are still refused, and what loading it left behind is handed back a second later (B5), not only after
 * 20 s of quiet. Each start runs in its own process, as a device starts it.
 */
interface StartPath {
  afterStart: boolean;
  releasedAfterStart: number;
  version: { platform: string };
  afterVersion: boolean;
  releasedAfterVersion: number;
  badParams: number | null;
  afterParams: boolean;
  releasedAfterParams: number;
}

function startOnce(dataDir: string): StartPath {
  const r = spawnSync(process.execPath, [join(import.meta.dir, "../fixtures/start-path-child.ts"), dataDir], { encoding: "utf8", env: { ...process.env, TAPSERVE_MDNS: "off" }, timeout: 30_000 });
  if (r.status !== 0) throw new Error(`start-path child failed (${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1)!);
}

describe("the start path", () => {
  test("a start with a checked config answers version without loading the schemas; params are checked as before", () => {
    const dataDir = tempDir();
    try {
      const first = startOnce(dataDir); // a new device: the config is written, and checked
      expect(first.version.platform).toBeString();
      // that check loaded the schemas at start: what it left goes a second later
      expect(first).toMatchObject({ afterStart: true, releasedAfterStart: 1 });
      const again = startOnce(dataDir);
      expect(again).toMatchObject({ afterStart: false, releasedAfterStart: 0, afterVersion: false, releasedAfterVersion: 0, badParams: -32602, afterParams: true, releasedAfterParams: 1 });
      expect(again.version).toEqual(first.version);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
