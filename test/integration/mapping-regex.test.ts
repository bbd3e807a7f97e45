/**
 * Regex mappings through the real service over WebSocket: patterns are checked by the linear-time engine's
 * rules at mappings.new/update, catastrophic patterns match without stalling the service, and a regex stored
 * by an older version that the engine refuses never matches.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../src/db/open.ts";
import { userMigrations } from "../../src/db/migrations/user.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService, tempDir } from "../fixtures/service.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";

describe("regex mappings over the API", () => {
  let svc: TestService;
  let client: RpcClient;
  beforeAll(async () => {
    svc = await startService();
    client = await svc.connect();
  });
  afterAll(async () => {
    await svc.stop();
  });

  test("^(a+)+$ is accepted and answers a 5000-character near miss (which would never finish on a backtracking engine)", async () => {
    const { id } = await client.call<{ id: number }>("mappings.new", { enabled: true, type: "text", match: "regex", pattern: "^(a+)+$", override: "**echo:as" });
    const nearMiss = `${"a".repeat(4999)}b`;
    expect(await launchAndWait(client, { text: nearMiss })).toMatchObject({ text: nearMiss, success: false });
    expect(await launchAndWait(client, { text: "a".repeat(5000) })).toMatchObject({ text: "**echo:as", success: true });
    expect(await client.call("version")).toMatchObject({ platform: "linux" });
    await client.call("mappings.delete", { id });
  });

  test("a backreference is refused with -32602 naming the reason", async () => {
    const res = await client.request("mappings.new", { enabled: true, type: "text", match: "regex", pattern: "(a)\\1", override: "**echo:x" });
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.message).toContain("backreferences such as \\1 are not supported");
  });

  test("update to lookaround or to an over-long pattern is refused with -32602 naming the reason", async () => {
    const { id } = await client.call<{ id: number }>("mappings.new", { enabled: true, type: "text", match: "regex", pattern: "^ok", override: "**echo:x" });
    const ahead = await client.request("mappings.update", { id, pattern: "foo(?=bar)" });
    expect(ahead.error).toMatchObject({ code: -32602, message: expect.stringContaining("lookahead and lookbehind") });
    const long = await client.request("mappings.update", { id, pattern: "a".repeat(1025) });
    expect(long.error).toMatchObject({ code: -32602, message: expect.stringContaining("pattern is too long (1025 characters; at most 1024)") });
    await client.call("mappings.delete", { id });
  });
});

describe("a regex stored by an older version that the engine refuses", () => {
  let svc: TestService;
  let client: RpcClient;
  let oldId: number;
  beforeAll(async () => {
    // An old user database: the row was written before patterns were checked against RE2's rules.
    const dataDir = tempDir();
    const db = openDatabase(bunRuntime, join(dataDir, "user.db"), { durability: "full", journal: "wal", migrations: userMigrations });
    const insert = db.prepare("INSERT INTO mappings (added, label, enabled, type, match, pattern, override) VALUES (?, ?, ?, ?, ?, ?, ?)");
    oldId = insert.run("2025-01-01T00:00:00Z", "old", 1, "text", "regex", "(a)\\1", "**echo:old").lastInsertRowid;
    db.close();
    svc = await startService({ dataDir });
    client = await svc.connect();
  });
  afterAll(async () => {
    await svc.stop();
    rmSync(svc.dataDir, { recursive: true, force: true });
  });

  test("never matches, and the service keeps answering", async () => {
    for (let i = 0; i < 3; i++) expect(await launchAndWait(client, { text: "aa" })).toMatchObject({ text: "aa", success: false });
    const { mappings } = await client.call<{ mappings: Array<{ id: string; pattern: string }> }>("mappings");
    expect(mappings).toEqual([expect.objectContaining({ id: String(oldId), pattern: "(a)\\1" })]);
  });

  test("can be repaired by update with a pattern the engine accepts", async () => {
    expect(await client.call("mappings.update", { id: oldId, pattern: "(a)a" })).toBeNull();
    expect(await launchAndWait(client, { text: "aa" })).toMatchObject({ text: "**echo:old", success: true });
  });
});
