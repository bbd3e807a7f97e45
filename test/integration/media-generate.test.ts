import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { writeTree } from "../fixtures/rom-tree.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import type { IndexingStatus as Status } from "../../src/core/wire/index.ts";

/**
 * The phone app's indexing: `media.generate` answers at once while `media.indexing` notifications follow and
 * `media` is polled; `media.generate.cancel` stops a build and the previous index keeps serving; `media.tags`.
 */
let root: string;
let svc: TestService;
let c: RpcClient;

beforeAll(async () => {
  root = tempDir("tapserve-generate-");
  writeFiles(join(root, "roms"), ["SNES/Super Mario World (USA).sfc", "NES/Zelda (Europe).nes"]);
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${root}/roms"]\nretroarch = false\n` });
  c = await svc.connect("/api/v0.1");
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

/** The tests that write tens of thousands of files (seconds on a busy machine) get more than the default 5 s. */
const TREE_TEST_MS = 30_000;

const status = async () => (await c.call<{ database: Status }>("media")).database;

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("media.generate, media.generate.cancel, media.tags", () => {
  test("media.generate answers null before indexing ends; media.indexing notifications follow, the last with totalMedia", async () => {
    c.notifications.length = 0;
    expect(await c.call("media.generate")).toBeNull();
    // answered at once: no notification that ends the run can have arrived before the answer
    const ended = c.notifications.some((n) => n.method === "media.indexing" && !(n.params as Status).indexing);
    expect(ended).toBeFalse();
    const running = await c.waitForNotification<Status>("media.indexing", (p) => p.indexing);
    expect(running).toMatchObject({ exists: expect.any(Boolean), indexing: true, totalSteps: expect.any(Number), currentStep: expect.any(Number) });
    const done = await c.waitForNotification<Status>("media.indexing", (p) => !p.indexing);
    expect(done).toMatchObject({ exists: true, indexing: false, totalMedia: 2 });
    expect(await status()).toMatchObject({ exists: true, indexing: false, totalMedia: 2 });
    expect(await c.call("media.search", { query: "zelda", systems: [], tags: [], maxResults: 100 })).toMatchObject({ total: 1 });
  });

  test("a second media.generate while one runs is refused clearly", async () => {
    writeTree(join(root, "roms"), [{ folder: "Genesis", ext: ".md" }, { folder: "GBA", ext: ".gba" }], 20_000);
    expect(await c.call("media.generate")).toBeNull();
    const second = await c.request("media.generate");
    expect(second.error?.message).toMatch(/already|running|in progress/i);
    await until(async () => !(await status()).indexing, "the build to end");
    expect((await status()).totalMedia).toBe(20_002);
  }, TREE_TEST_MS);

  test("media.generate.cancel stops the build and the previous index keeps serving", async () => {
    writeTree(join(root, "roms"), [{ folder: "PSX", ext: ".cue" }, { folder: "N64", ext: ".z64" }, { folder: "SMS", ext: ".sms" }], 30_000, 7);
    c.notifications.length = 0;
    expect(await c.call("media.generate")).toBeNull();
    const cancelled = await c.call<{ message: string }>("media.generate.cancel");
    expect(cancelled.message).toMatch(/cancelled/i);
    await until(async () => !(await status()).indexing, "the build to stop");
    expect((await status()).totalMedia).toBe(20_002); // the index from before the cancelled build
    expect(await c.call("media.search", { query: "super mario", systems: ["SNES"] })).toMatchObject({ total: 1 });
    expect(c.notifications.filter((n) => n.method === "media.indexing").at(-1)?.params).toMatchObject({ indexing: false, exists: true });
    expect((await c.call<{ message: string }>("media.generate.cancel")).message).toMatch(/no media indexing/i);
  }, TREE_TEST_MS);

  test("media.tags lists the file-name tags of the index, of some systems only when asked; unknown systems are refused", async () => {
    const all = await c.call<{ tags: Array<{ tag: string; type: string; label?: string }> }>("media.tags", {});
    expect(all.tags).toContainEqual({ tag: "us", type: "region", label: "USA" });
    expect(all.tags).toContainEqual({ tag: "eu", type: "region", label: "Europe" });
    expect(await c.call("media.tags", { systems: ["SNES"] })).toEqual({ tags: [{ tag: "sfc", type: "extension" }, { tag: "en", type: "lang", label: "English" }, { tag: "us", type: "region", label: "USA" }] });
    expect((await c.request("media.tags", { systems: ["snes"] })).error?.code).toBe(-32602);
  });
});
