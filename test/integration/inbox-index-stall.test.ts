import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type } from "arktype";
import { InboxMessage, InboxResult } from "../../src/core/wire/inbox.ts";
import { ManualClock } from "../fakes/clock.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import { createWebEnv, type WebEnv } from "../fixtures/web-env.ts";

/**
 * The inbox's stalled-index producer through the running service: a real index run over a real tree, with the
 * service's clock in the test's hands. Clock time that passes while the run takes no step is a stall.
 */
let env: WebEnv;
let svc: TestService;
let client: RpcClient;
const clock = new ManualClock(Date.UTC(2026, 0, 1));
/** Shorter than the service's other timers (the reader poll is 1 s), so a jump of the clock reaches it first. */
const STALL_MS = 500;

beforeAll(async () => {
  env = createWebEnv({ treeFiles: 20_000 });
  const toml = `[readers]\nauto_detect = false\n[launchers]\nindex_root = ["${env.root}/games", "${env.root}/tree"]\n`;
  svc = await startService({ configToml: toml, dataDir: env.root, app: { clock, indexStallMs: STALL_MS, readerHotplug: false } }); // no other timer of the clock runs in the jump
  client = await svc.connect();
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  env?.remove();
});

async function inbox(): Promise<InboxMessage[]> {
  const r = InboxResult(await client.call("inbox"));
  if (r instanceof type.errors) throw new Error(r.summary);
  return r.messages;
}

const added = () => client.notifications.filter((n) => n.method === "inbox.added");

describe("an index run that stalls", () => {
  test("no step for the limit posts one inbox message (announced as inbox.added); the run is left to finish", async () => {
    const started = client.waitForNotification<{ indexing: boolean }>("media.indexing");
    const run = client.request("media.index");
    expect((await started).indexing).toBe(true);
    const t0 = clock.now();
    const told = client.waitForNotification<InboxMessage>("inbox.added");
    // the service's time jumps while the run is between two steps: it has taken none for the whole limit
    const jumped = clock.advance(STALL_MS);
    const note = await told;
    await jumped;
    expect(InboxMessage.allows(note)).toBe(true);
    expect(note).toMatchObject({ severity: 1, category: "media_index_stalled", title: "Updating the media database has stalled" });
    expect(note.createdAt).toBe(new Date(t0 + STALL_MS).toISOString()); // at the limit, not before
    expect(note.body).toMatch(/no progress for 1 second at .+ \(system \d+ of \d+\), with \d+ files found so far/);
    expect((await run).error).toBeUndefined(); // it was not stopped
    const status = await client.call<{ database: { totalMedia: number; indexing: boolean } }>("media");
    expect(status.database).toMatchObject({ totalMedia: env.totalFiles, indexing: false });
    await clock.advance(60_000);
    expect((await inbox()).map((m) => m.id)).toEqual([note.id]);
    expect(added()).toHaveLength(1);
  }, 120_000);

  test("a run that finishes is not reported, however long the service then runs", async () => {
    expect((await client.request("media.index")).error).toBeUndefined();
    await clock.advance(600_000);
    expect(added()).toHaveLength(1); // still only the earlier stall
  }, 120_000);
});
