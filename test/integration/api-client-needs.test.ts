/**
 * What a real third-party client of the reference's API sends (issue 40, items 9, 11 and 12), over a real
 * WebSocket against the running service: `media.search` without a `query`, mappings of the reference's newer
 * types `id` and `value`, and `update.apply`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { SearchResult } from "../../src/core/wire/index.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

let root: string;
let svc: TestService;
let c: RpcClient;

beforeAll(async () => {
  root = tempDir("tapserve-api-client-");
  writeFiles(root, ["roms/SNES/Alpha.sfc", "roms/SNES/Beta.sfc", "roms/Genesis/Gamma.md", "roms/SNES/1942 (Japan).sfc", "roms/Genesis/'88 Games (USA).md"]);
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${join(root, "roms")}"]\nretroarch = false\n` });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("a third-party client of the reference's API", () => {
  test("media.search without a query reads it as empty: every media, in pages", async () => {
    const all = SearchResult.assert(await c.call("media.search", {}));
    expect(all.total).toBe(5);
    expect(all).toEqual(SearchResult.assert(await c.call("media.search", { query: "" })));
    const snes = SearchResult.assert(await c.call("media.search", { systems: ["SNES"], maxResults: 1 }));
    expect(snes.total).toBe(3);
    expect(snes.results).toHaveLength(1);
    expect(snes.pagination?.hasNextPage).toBe(true);
  });

  test("media.search letter: a title's first letter (any case), 0-9 for a digit, # for anything else; with a query and systems", async () => {
    const names = async (params: Record<string, unknown>) => SearchResult.assert(await c.call("media.search", params)).results.map((r) => r.name);
    expect(await names({ letter: "a" })).toEqual(["Alpha"]);
    expect(await names({ letter: "G" })).toEqual(["Gamma"]);
    expect(await names({ letter: "0-9" })).toEqual(["1942 (Japan)"]);
    expect(await names({ letter: "#" })).toEqual(["'88 Games (USA)"]);
    expect(await names({ query: "a", letter: "B", systems: ["SNES"] })).toEqual(["Beta"]);
    expect(await names({ letter: "G", systems: ["SNES"] })).toEqual([]);
    expect((await names({ letter: "" })).length).toBe(5);
    expect((await c.request("media.search", { letter: "AB" })).error?.code).toBe(-32602);
  });

  test("mapping types id and value are the reference's names for uid and text", async () => {
    const byId = await c.call<{ id: number }>("mappings.new", { enabled: true, type: "id", match: "exact", pattern: "04:AA:BB", override: "**echo:by id" });
    const byValue = await c.call<{ id: number }>("mappings.new", { enabled: true, type: "value", match: "exact", pattern: "my tag", override: "**echo:by value" });
    const { mappings } = await c.call<{ mappings: Array<{ id: string; type: string }> }>("mappings");
    expect(mappings.find((m) => m.id === String(byId.id))?.type).toBe("uid");
    expect(mappings.find((m) => m.id === String(byValue.id))?.type).toBe("text");
    expect(await launchAndWait(c, { uid: "04aabb" })).toMatchObject({ text: "**echo:by id", success: true });
    expect(await launchAndWait(c, { text: "my tag" })).toMatchObject({ text: "**echo:by value", success: true });

    expect(await c.call("mappings.update", { id: byValue.id, type: "id", pattern: "0499" })).toBeNull();
    expect((await c.call<{ mappings: Array<{ id: string; type: string }> }>("mappings")).mappings.find((m) => m.id === String(byValue.id))?.type).toBe("uid");
    expect((await c.request("mappings.new", { enabled: true, type: "serial", match: "exact", pattern: "x", override: "x" })).error?.code).toBe(-32602);
  });

  test("update.apply is refused with the reason and how this service is updated here", async () => {
    for (const params of [undefined, {}, { force: true }]) {
      const r = await c.request("update.apply", params);
      expect(r.error?.code).toBe(1005);
      expect(r.error?.message).toContain("this service does not update itself");
      expect(r.error?.message).toContain("install.sh");
    }
  });
});
