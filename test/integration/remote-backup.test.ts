import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BackupState, BackupStatus, RemoteBackupList, RemoteRestoreResult, RemoteRunResult } from "../../src/core/wire/backup.ts";
import { BackupServer, canonical, EMPTY, unpack } from "../fixtures/backup-server.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/** Remote backup in the reference's pack protocol, against a loopback stand-in backup server. */
let server: BackupServer;
let svc: TestService;
let client: RpcClient;
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const mappingPath = () => join(svc.dataDir, "mappings", "mine.toml");
const entriesOf = (i: number) => server.snapshots[i]?.manifest.categories.zaparoo ?? [];
const packedHashes = (from: number) => server.requests("PUT", "/v1/device/backup-packs/").slice(from).flatMap((r) => unpack(r.body).map((o) => o.hash));

beforeAll(async () => {
  server = await new BackupServer().start();
  svc = await startService({ configToml: `[zapscript]\nallow_http = ["127.0.0.1"]\n[backup.remote]\nbase_url = "${server.base}/"\nenabled = true\n` });
  client = await svc.connect();
  mkdirSync(join(svc.dataDir, "mappings"), { recursive: true });
  writeFileSync(mappingPath(), "[[mappings.entry]]\ntoken_key = 'text'\nmatch_pattern = 'one'\nzapscript = '**echo:one'\n");
  writeFileSync(join(svc.dataDir, "mappings", "empty.toml"), "");
  await client.call("settings.auth.claim", { claimUrl: `${server.base}/auth/claim`, token: "claim-secret" });
});
afterAll(async () => {
  await svc.stop();
  await server.stop();
});

test("the first run uploads every object in packs and commits a cas-v1 manifest; no credentials leave the device", async () => {
  const result = RemoteRunResult.assert(await client.call("settings.backup.remote.run"));
  const snap = server.snapshots[0];
  expect(snap).toBeDefined();
  expect(result.backup).toMatchObject({ id: "snap-1", backupType: "manual", manifestHash: snap?.manifest_hash, sizeBytes: snap?.size_bytes });
  expect(snap?.manifest_hash).toBe(sha(Buffer.from(canonical(snap?.manifest.categories ?? {}))));
  expect(entriesOf(0).map((e) => e.path)).toEqual(["config.toml", "mappings/empty.toml", "mappings/mine.toml", "user.db"]);
  // Each object on the server holds the file's exact bytes; the empty file is listed but never packed.
  const byPath = Object.fromEntries(entriesOf(0).map((e) => [e.path, e]));
  expect(server.objects.get(byPath["config.toml"]?.sha256 ?? "")).toEqual(readFileSync(join(svc.dataDir, "config.toml")));
  expect(server.objects.get(byPath["mappings/mine.toml"]?.sha256 ?? "")).toEqual(readFileSync(mappingPath()));
  expect(server.objects.get(byPath["user.db"]?.sha256 ?? "")?.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
  expect(byPath["mappings/empty.toml"]).toEqual({ path: "mappings/empty.toml", sha256: EMPTY, size: 0 });
  expect(packedHashes(0)).not.toContain(EMPTY);
  expect(result).toMatchObject({ uploadedFiles: 3, dedupedFiles: 1, uploadedPacks: 1, storageQuotaBytes: server.quota });
  expect(result.uploadedBytes).toBe(server.used);
  for (const o of server.objects.values()) expect(o.toString("latin1")).not.toContain("bearer-secret");
  // Every request carried the device's bearer and platform; the commit carried the reference's fields.
  for (const r of server.seen.filter((s) => s.path.startsWith("/v1/"))) {
    expect(r.headers.authorization).toBe("Bearer bearer-secret");
    expect(r.headers["zaparoo-platform"]).toBe(server.snapshots[0]?.platform);
  }
  const commit = JSON.parse(server.requests("POST", "/v1/device/backups")[0]?.body.toString() ?? "{}");
  expect(Object.keys(commit)).toEqual(["core_version", "categories", "backup_type", "schema_version"]);
  expect(commit).toMatchObject({ backup_type: "manual", schema_version: 1 });
  const order = server.seen.filter((s) => s.path.startsWith("/v1/")).map((s) => `${s.method} ${s.path.replace(/[0-9a-f]{64}/, "<hash>")}`);
  expect(order).toEqual([
    "POST /v1/device/heartbeat",
    "GET /v1/device/me",
    "POST /v1/device/backup-objects/check",
    "GET /v1/device/backups",
    "PUT /v1/device/backup-packs/<hash>",
    "POST /v1/device/backups",
    "GET /v1/device/backups",
  ]);
  const status = BackupStatus.assert(await client.call("settings.backup.status"));
  expect(status.remote).toMatchObject({ lastStatus: "success", lastBackupSize: snap?.size_bytes, linked: true });
});

test("a second run after one file changed uploads only the objects the server lacks", async () => {
  const before = server.requests("PUT", "/v1/device/backup-packs/").length;
  writeFileSync(mappingPath(), "[[mappings.entry]]\ntoken_key = 'text'\nmatch_pattern = 'two'\nzapscript = '**echo:two'\n");
  const result = RemoteRunResult.assert(await client.call("settings.backup.remote.run"));
  expect(result.backup.id).toBe("snap-2");
  const known = new Set(entriesOf(0).map((e) => e.sha256));
  const changed = entriesOf(1).filter((e) => !known.has(e.sha256)).map((e) => e.sha256);
  expect(changed).toContain(sha(readFileSync(mappingPath())));
  expect(packedHashes(before).sort()).toEqual([...new Set(changed)].sort());
  expect(packedHashes(before)).not.toContain(entriesOf(0).find((e) => e.path === "config.toml")?.sha256);
  expect(result.uploadedFiles).toBe(changed.length);
  expect(result.dedupedFiles).toBe(4 - changed.length);
});

test("a server error fails the run with a clear message, announced with backup.state and kept in the status", async () => {
  server.failNext.set("POST /v1/device/backups", { status: 500, body: { error: { code: "internal", message: "database down" } } });
  const r = await client.request("settings.backup.remote.run");
  expect(r.error?.code).toBe(1004);
  expect(r.error?.message).toContain("500");
  expect(r.error?.message).toContain("database down");
  const states = client.notifications.filter((n) => n.method === "backup.state").map((n) => BackupState.assert(n.params));
  expect(states.at(-1)).toEqual({ operation: "remote-upload", paused: false, throttled: false, finished: true });
  const status = BackupStatus.assert(await client.call("settings.backup.status"));
  expect(status.remote.lastStatus).toBe("failed");
  expect(status.remote.lastError).toContain("500");
});

test("a snapshot naming objects the server lost is repaired: they are uploaded again and the commit retried", async () => {
  writeFileSync(mappingPath(), "[[mappings.entry]]\ntoken_key = 'text'\nmatch_pattern = 'three'\nzapscript = '**echo:three'\n");
  const lost = sha(readFileSync(join(svc.dataDir, "config.toml")));
  server.failNext.set("POST /v1/device/backup-objects/check", { status: 200, body: { missing: [sha(readFileSync(mappingPath()))] } });
  server.objects.delete(lost);
  const before = server.requests("PUT", "/v1/device/backup-packs/").length;
  const result = RemoteRunResult.assert(await client.call("settings.backup.remote.run"));
  expect(result.backup.id).toBe("snap-3");
  expect(server.requests("POST", "/v1/device/backups").length).toBe(5);
  expect(packedHashes(before)).toContain(lost);
  expect(server.objects.get(lost)).toEqual(readFileSync(join(svc.dataDir, "config.toml")));
});

test("quota exhausted and an account without backups are refused with clear messages", async () => {
  writeFileSync(mappingPath(), "[[mappings.entry]]\ntoken_key = 'text'\nmatch_pattern = 'four'\nzapscript = '**echo:four'\n");
  server.quota = server.used;
  const full = await client.request("settings.backup.remote.run");
  expect(full.error?.message).toContain("quota exceeded");
  server.quota = 1024 * 1024 * 1024;
  server.backupActive = false;
  const off = await client.request("settings.backup.remote.run");
  expect(off.error?.message).toContain("not available for this account");
  expect(BackupStatus.assert(await client.call("settings.backup.status")).remote).toMatchObject({ availability: "unavailable", lastStatus: "failed" });
  server.backupActive = true;
});

test("a revoked bearer asks for linking again; no secret reached the log", async () => {
  server.bearer = "another";
  const r = await client.request("settings.backup.remote.run");
  expect(r.error?.message).toContain("link the device again");
  server.bearer = "bearer-secret";
  const logText = readFileSync(join(svc.dataDir, "service.log"), "utf8");
  expect(logText).not.toContain("bearer-secret");
  expect(logText).not.toContain("claim-secret");
});

test("settings.backup.remote.list reports the snapshots and the account's storage", async () => {
  const list = RemoteBackupList.assert(await client.call("settings.backup.remote.list"));
  expect(list.items.map((i) => i.id)).toEqual(["snap-1", "snap-2", "snap-3"]);
  expect(list.items[0]).toMatchObject({ backupType: "manual", schemaVersion: 1, manifestHash: server.snapshots[0]?.manifest_hash, platform: server.snapshots[0]?.platform });
  expect(list).toMatchObject({ storageUsedBytes: server.used, storageQuotaBytes: server.quota });
});

test("a remote restore whose pack fails its hash changes nothing", async () => {
  const pack = server.where.get(sha(readFileSync(join(svc.dataDir, "config.toml"))))?.pack ?? "";
  const good = server.packs.get(pack) as Buffer;
  const bad = Buffer.from(good);
  bad[0] = (bad[0] ?? 0) ^ 0xff;
  server.packs.set(pack, bad);
  const before = readFileSync(mappingPath(), "utf8");
  const r = await client.request("settings.backup.remote.restore", { id: "snap-1" });
  expect(r.error?.code).toBe(1004);
  expect(r.error?.message).toContain("does not match");
  expect(readFileSync(mappingPath(), "utf8")).toBe(before);
  server.packs.set(pack, good);
});

test("settings.backup.remote.restore downloads, verifies and applies a snapshot through the local restore path", async () => {
  await client.call("mappings.new", { enabled: true, type: "text", match: "exact", pattern: "added-later", override: "SNES/Game.sfc" });
  const result = RemoteRestoreResult.assert(await client.call("settings.backup.remote.restore", { id: "snap-1" }));
  expect(result.restoredFrom).toMatchObject({ id: "snap-1", manifestHash: server.snapshots[0]?.manifest_hash });
  expect(result.preRestoreBackup?.name).toMatch(/pre-restore\.zip$/);
  expect(readFileSync(mappingPath(), "utf8")).toContain("match_pattern = 'one'");
  expect(readFileSync(join(svc.dataDir, "mappings", "empty.toml"), "utf8")).toBe("");
  const mappings = (await client.call<{ mappings: Array<{ pattern: string }> }>("mappings")).mappings.map((m) => m.pattern);
  expect(mappings).not.toContain("added-later");
  expect(readFileSync(join(svc.dataDir, "auth.toml"), "utf8")).toContain("bearer-secret");
  expect(server.snapshots[0]?.restored_at).toBeString();
  expect((await client.request("settings.backup.remote.restore", { id: "nope" })).error?.code).toBe(1004);
  expect((await client.request("settings.backup.remote.restore", { id: "" })).error?.code).toBe(-32602);
});
