import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * A change seen while an index run walks (MiSTer: a USB drive mounted) asks for one more run after it, not a
 * refusal: the drive's games are searchable once both have ended.
 */
let root: string;
let svc: TestService;
let client: RpcClient;

beforeAll(async () => {
  root = tempDir("tapserve-index-after-");
  // enough files that a run lasts a while
  writeFiles(join(root, "roms"), Array.from({ length: 20_000 }, (_, i) => `SNES/Filler ${i} (USA).sfc`));
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${root}/roms"]\n` });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("an index run asked for during another", () => {
  test("runs after the one going, and finds what that one missed", async () => {
    const media = svc.app.running().media;
    const first = client.call("media.index");
    await waitFor(() => media.indexing, "the first run");
    writeFiles(join(root, "roms"), ["SNES/Late Arrival (USA).sfc"]);
    expect(media.indexing).toBe(true);
    await media.indexAfterCurrent(); // a plain start would be refused as busy here
    expect(await first).toBeNull();
    const found = await client.call<{ results: Array<{ path: string }> }>("media.search", { query: "late arrival" });
    expect(found.results.map((r) => r.path)).toEqual(["SNES/Late Arrival (USA).sfc"]);
  });
});
