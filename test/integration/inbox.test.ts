import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { stringify } from "smol-toml";
import { InboxMessage, InboxResult } from "../../src/core/wire/inbox.ts";
import { ManualClock } from "../fakes/clock.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/** The inbox as the phone app uses it (`inbox` on connect, `inbox.added`, delete and clear), and its producers. */

let dirs: string[] = [];
let services: TestService[] = [];
afterEach(async () => {
  for (const s of services) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  services = [];
  dirs = [];
});

async function start(opts: Parameters<typeof startService>[0] & { dataDir: string }): Promise<{ svc: TestService; client: RpcClient }> {
  const svc = await startService(opts);
  services.push(svc);
  return { svc, client: await svc.connect() };
}

function dataDir(): string {
  const d = tempDir("tapserve-inbox-");
  dirs.push(d);
  return d;
}

/** `inbox`, checked against the wire schema (the app's InboxResponse). */
async function inbox(client: RpcClient): Promise<InboxMessage[]> {
  const r = InboxResult(await client.call("inbox"));
  if (r instanceof type.errors) throw new Error(r.summary);
  return r.messages;
}

describe("inbox methods", () => {
  test("a config problem worked around at start is listed; delete, clear, bad ids; it survives a restart", async () => {
    const dir = dataDir();
    const toml = `${stringify({ readers: { auto_detect: false } })}\n[readers.scan]\nmode = "tap"\nexit_delay_typo = 3\n`;
    let { svc, client } = await start({ dataDir: dir, configToml: toml });
    let messages = await inbox(client);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ severity: 1, category: "config_worked_around", title: "A config problem was worked around" });
    expect(messages[0]!.body).toContain('"readers.scan.exit_delay_typo"');
    expect(Date.parse(messages[0]!.createdAt)).toBeGreaterThan(0);
    const firstId = messages[0]!.id;

    await svc.stop();
    services = [];
    ({ svc, client } = await start({ dataDir: dir })); // same file, same problem: one entry, refreshed
    messages = await inbox(client);
    expect(messages.map((m) => m.id)).toEqual([firstId]);

    expect((await client.request("inbox.delete", { id: 0 })).error?.code).toBe(-32602);
    expect((await client.request("inbox.delete", {})).error?.code).toBe(-32602);
    expect((await client.request("inbox.delete", { id: firstId + 100 })).error?.code).toBe(1001);
    expect(await client.call("inbox.delete", { id: firstId })).toBeNull();
    expect(await inbox(client)).toEqual([]);
    expect(await client.call("inbox.clear")).toBeNull();
    expect(await inbox(client)).toEqual([]);
  });
});

describe("inbox producers", () => {
  test("a damaged media database is set aside, an empty one made, the owner told; the library works", async () => {
    const dir = dataDir();
    writeFileSync(join(dir, "media.db"), "this is not a SQLite database, just garbage ".repeat(200));
    const { client } = await start({ dataDir: dir });
    const [message] = await inbox(client);
    expect(message).toMatchObject({ severity: 2, category: "mediadb_corruption_recovery", title: expect.stringContaining("media database") });
    const aside = readdirSync(dir).filter((f) => f.startsWith("media.db.corrupt-"));
    expect(aside).toHaveLength(1);
    expect(message!.body).toContain(aside[0]!);
    expect(message!.body).toContain("rebuild");
    const status = await client.call<{ database: { exists: boolean; totalMedia?: number } }>("media");
    expect(status.database.exists).toBe(true);
    expect(await client.call("media.search", { query: "mario" })).toMatchObject({ results: [] });
  });

  test("an index run that fails leaves one message, announced as inbox.added", async () => {
    const dir = dataDir();
    const { svc, client } = await start({ dataDir: dir });
    mkdirSync(join(svc.dataDir, "media.db.building", "in-the-way"), { recursive: true }); // the new index cannot be written
    const added = client.waitForNotification<InboxMessage>("inbox.added");
    const r = await client.request("media.index");
    expect(r.error?.code).toBe(1004);
    const note = await added;
    expect(InboxMessage.allows(note)).toBe(true);
    expect(note).toMatchObject({ severity: 1, category: "media_index_failed", title: "Updating the media database failed" });
    expect((await inbox(client)).map((m) => m.id)).toEqual([note.id]);
  });

  test("a configured reader that keeps failing gives one message, not one per retry", async () => {
    const dir = dataDir();
    const clock = new ManualClock(Date.UTC(2025, 0, 1));
    const missing = join(dir, "tokens", "no-such-folder", "token.txt"); // inside the tokens folder, but absent
    const { client } = await start({
      dataDir: dir,
      configToml: stringify({ readers: { auto_detect: false, connect: [{ driver: "file", path: missing }] } }),
      app: { clock },
    });
    expect(await inbox(client)).toEqual([]);
    await clock.advance(10_000);
    expect(await inbox(client)).toEqual([]); // a few failures are not worth a message
    await clock.advance(30_000);
    await clock.advance(60_000);
    const messages = await inbox(client);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ severity: 1, title: `Reader file:${missing} cannot be opened` });
    expect(messages[0]!.body).toContain("does not exist");
    expect(client.notifications.filter((n) => n.method === "inbox.added")).toHaveLength(1);
  });
});
