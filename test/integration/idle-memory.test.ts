import { describe, expect, test } from "bun:test";
import { heapStats } from "bun:jsc";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import type { Runtime } from "../../src/runtime/types.ts";
import { AFTER_WORK_RELEASE_MS, IdleMemoryRelease } from "../../src/service/idle-memory.ts";
import { rmSync } from "node:fs";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import { ManualClock } from "../fakes/clock.ts";
import { startService, tempDir } from "../fixtures/service.ts";

/** The Bun runtime, its memory releases counted. */
function counting(): { runtime: Runtime; releases: () => number } {
  let n = 0;
  const runtime: Runtime = {
    ...bunRuntime,
    releaseMemory: () => {
      n++;
      bunRuntime.releaseMemory?.();
    },
  };
  return { runtime, releases: () => n };
}

describe("the service hands memory back once it goes quiet", () => {
  test("after start-up, and after calls, once per quiet spell; not while calls keep coming; not after a stop", async () => {
    const clock = new ManualClock(Date.now());
    const { runtime, releases } = counting();
    const s = await startService({ app: { runtime, clock, quietBeforeReleaseMs: 5000 } });
    try {
      expect(releases()).toBe(0);
      await clock.advance(5000);
      expect(releases()).toBe(1); // start-up's leftovers
      await clock.advance(60_000);
      expect(releases()).toBe(1); // left alone: not woken again
      const c = await s.connect();
      for (let i = 0; i < 4; i++) {
        expect(await c.call("version")).toMatchObject({ platform: expect.any(String) });
        await clock.advance(3000); // each call inside the quiet time of the one before
      }
      expect(releases()).toBe(1);
      await clock.advance(2000);
      expect(releases()).toBe(2);
      // what was compiled before is compiled again: the service answers as before
      expect(await c.call("media.search", { query: "anything" })).toMatchObject({ results: [], total: 0 });
      await clock.advance(5000);
      expect(releases()).toBe(3);
    } finally {
      await s.stop();
    }
    await clock.advance(60_000);
    expect(releases()).toBe(3);
  });

  test("not while an index run is under way: once it ends", async () => {
    const clock = new ManualClock();
    let busy = true;
    let released = 0;
    const idle = new IdleMemoryRelease({ release: () => released++, busy: () => busy, clock, quietMs: 1000 });
    idle.start();
    await clock.advance(10_000);
    expect(released).toBe(0);
    busy = false;
    await clock.advance(1000);
    expect(released).toBe(1);
    idle.stop();
  });

  test("an index run's memory goes back soon after it ends, not only after the quiet time", async () => {
    const clock = new ManualClock(Date.now());
    const { runtime, releases } = counting();
    const root = tempDir("tapserve-idle-index-");
    writeFiles(root, ["roms/Genesis/Sonic.md", "roms/SNES/Zelda.sfc"]);
    const s = await startService({ app: { runtime, clock, quietBeforeReleaseMs: 20_000 }, configToml: `[launchers]\nindex_root = ["${root}/roms"]\n` });
    try {
      await clock.advance(20_000);
      expect(releases()).toBe(1); // start-up's leftovers
      const c = await s.connect();
      expect(await c.call("media.index")).toBeNull();
      await waitFor(() => c.notifications.some((n) => n.method === "media.indexing" && !(n.params as { indexing: boolean }).indexing), "the run's end");
      const after = releases();
      await clock.advance(AFTER_WORK_RELEASE_MS);
      expect(releases()).toBe(after + 1); // at once, not 20 s later
    } finally {
      await s.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("Bun's release drops compiled code (compiled again at its next use) and the heap stays usable", async () => {
    const codeBlocks = () => heapStats().objectTypeCounts.FunctionCodeBlock ?? 0;
    // code compiled and run once, as start-up's is
    const made = Array.from({ length: 200 }, (_, i) => new Function("x", `return x + ${i};`) as (x: number) => number);
    expect(made.reduce((n, f) => f(n), 0)).toBe(19_900);
    const before = codeBlocks();
    bunRuntime.releaseMemory?.();
    await new Promise((r) => setTimeout(r, 50)); // the release runs once the VM is idle
    expect(codeBlocks()).toBeLessThan(before - 150);
    expect(made.reduce((n, f) => f(n), 0)).toBe(19_900);
  });
});
