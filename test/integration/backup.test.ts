import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { BackupList, BackupState, BackupStatus, LocalBackup, RestoreResult } from "../../src/core/wire/backup.ts";
import { readStoredZip, writeStoredZip } from "../../src/core/zip/stored-zip.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/** Local backups, black box: over WebSocket against the running service, files read from its data folder. */
let svc: TestService;
let client: RpcClient;

const valid = <T>(schema: { (v: unknown): unknown; infer: T }, value: unknown): T => {
  const out = schema(value);
  if (out instanceof type.errors) throw new Error(out.summary);
  return out as T;
};
const mappings = async () => (await client.call<{ mappings: Array<{ pattern: string }> }>("mappings")).mappings.map((m) => m.pattern).sort();
const newMapping = (pattern: string) => client.call("mappings.new", { enabled: true, type: "text", match: "exact", pattern, override: "SNES/Game.sfc" });

beforeAll(async () => {
  svc = await startService();
  client = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
});

describe("local backups", () => {
  let backup: LocalBackup;

  test("settings.backup writes an archive of the config, the user database and the mapping files", async () => {
    await newMapping("kept");
    mkdirSync(join(svc.dataDir, "mappings"), { recursive: true });
    writeFileSync(join(svc.dataDir, "mappings", "mine.toml"), "[[mappings.entry]]\ntoken_key = 'text'\nmatch_pattern = 'x'\nzapscript = '**echo:x'\n");
    backup = valid(LocalBackup, await client.call("settings.backup"));
    expect(backup.name).toMatch(/^backup-\d{8}-\d{6}-manual\.zip$/);
    expect(backup.integrity).toBe("valid");
    expect(backup.status).toBe("success");
    const path = join(svc.dataDir, "backups", backup.name);
    expect(statSync(path).size).toBe(backup.size);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const names = readStoredZip(new Uint8Array(readFileSync(path))).map((m) => m.name);
    expect(names).toEqual(["manifest.json", "config.toml", "user.db", "mappings/mine.toml"]);
    const states = client.notifications.filter((n) => n.method === "backup.state").map((n) => valid(BackupState, n.params));
    expect(states.at(-1)).toEqual({ operation: "local-create", paused: false, throttled: false, finished: true });
  });

  test("list, inspect and status report it", async () => {
    const list = valid(BackupList, await client.call("settings.backup.list"));
    expect(list.map((b) => b.name)).toEqual([backup.name]);
    const inspected = valid(LocalBackup, await client.call("settings.backup.inspect", { name: backup.name }));
    expect(inspected).toMatchObject({ name: backup.name, integrity: "unchecked", createdAt: backup.createdAt });
    const status = valid(BackupStatus, await client.call("settings.backup.status"));
    expect(status.local).toMatchObject({ enabled: true, lastStatus: "success", lastBackupSize: backup.size });
    expect(status.remote).toMatchObject({ enabled: false, lastStatus: "never", linked: false, schedule: "daily" });
  });

  test("bad names are -32602 and unknown ones 1001", async () => {
    expect((await client.request("settings.backup.inspect", { name: "../config.toml" })).error?.code).toBe(-32602);
    expect((await client.request("settings.backup.restore", {})).error?.code).toBe(-32602);
    expect((await client.request("settings.backup.inspect", { name: "backup-20000101-000000-manual.zip" })).error?.code).toBe(1001);
  });

  test("a backup with an altered member is refused before anything changes", async () => {
    const path = join(svc.dataDir, "backups", backup.name);
    const members = readStoredZip(new Uint8Array(readFileSync(path)));
    const tampered = members.map((m) => (m.name === "config.toml" ? { name: m.name, data: new TextEncoder().encode("debug_logging = true\n") } : m));
    writeFileSync(join(svc.dataDir, "backups", "backup-20990101-000000-manual.zip"), writeStoredZip(tampered, new Date()));
    const flipped = new Uint8Array(readFileSync(path));
    flipped[60] = flipped[60]! ^ 0xff; // inside the first member (manifest.json)
    writeFileSync(join(svc.dataDir, "backups", "backup-20990101-000001-manual.zip"), flipped);

    await newMapping("added later");
    const before = { mappings: await mappings(), config: readFileSync(join(svc.dataDir, "config.toml"), "utf8"), backups: (await client.call<unknown[]>("settings.backup.list")).length };
    const r1 = await client.request("settings.backup.restore", { name: "backup-20990101-000000-manual.zip" });
    expect(r1.error?.code).toBe(1004);
    expect(r1.error?.message).toContain("config.toml does not match its SHA-256");
    const r2 = await client.request("settings.backup.restore", { name: "backup-20990101-000001-manual.zip" });
    expect(r2.error?.code).toBe(1004);
    expect(await mappings()).toEqual(before.mappings);
    expect(readFileSync(join(svc.dataDir, "config.toml"), "utf8")).toBe(before.config);
    expect((await client.call<unknown[]>("settings.backup.list")).length).toBe(before.backups); // no pre-restore copy either
    await client.call("settings.backup.delete", { name: "backup-20990101-000000-manual.zip" });
    await client.call("settings.backup.delete", { name: "backup-20990101-000001-manual.zip" });
  });

  test("restore brings back the config, the database rows and the mapping files; the device keeps its id and clients", async () => {
    const deviceId = svc.app.config.current.service.device_id;
    const paired = await client.call<{ id: string }>("clients.new", { name: "phone" });
    await client.call("settings.update", { debugLogging: true });
    writeFileSync(join(svc.dataDir, "mappings", "mine.toml"), "changed = true\n");
    writeFileSync(join(svc.dataDir, "mappings", "extra.toml"), "extra = true\n");
    expect(await mappings()).toEqual(["added later", "kept"]);

    const result = valid(RestoreResult, await client.call("settings.backup.restore", { name: backup.name }));
    expect(result.restoredFrom).toMatchObject({ name: backup.name, integrity: "valid" });
    expect(result.preRestoreBackup?.name).toMatch(/-pre-restore\.zip$/);

    expect(await mappings()).toEqual(["kept"]);
    expect((await client.call<{ debugLogging: boolean }>("settings")).debugLogging).toBe(false);
    expect(svc.app.config.current.service.device_id).toBe(deviceId);
    expect(readFileSync(join(svc.dataDir, "mappings", "mine.toml"), "utf8")).toContain("[[mappings.entry]]");
    expect(existsSync(join(svc.dataDir, "mappings", "extra.toml"))).toBe(false);
    const clients = (await client.call<{ clients: Array<{ id: string }> }>("clients")).clients.map((c) => c.id);
    expect(clients).toContain(paired.id);
    // the service keeps writing to the same database after the restore
    await newMapping("after restore");
    expect(await mappings()).toEqual(["after restore", "kept"]);
  });
});
