import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { AuthClaimResult, BackupStatus, RemoteRunResult } from "../../src/core/wire/index.ts";
import { BackupServer } from "../fixtures/backup-server.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/** Device linking and the remote backup against a loopback stand-in for the backup server. */
let server: BackupServer;
let base: string;
let svc: TestService;
let client: RpcClient;

beforeAll(async () => {
  server = await new BackupServer().start();
  base = server.base;
  svc = await startService({ configToml: `[zapscript]\nallow_http = ["127.0.0.1"]\n[backup.remote]\nbase_url = "${base}"\n` });
  client = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
  await server.stop();
});

test("a host whose well-known does not take links is refused before the token is spent", async () => {
  server.wellKnownAuth = 0;
  const r = await client.request("settings.auth.claim", { claimUrl: `${base}/auth/claim`, token: "claim-secret" });
  expect(r.error?.code).toBe(1004);
  expect(server.seen.some((s) => s.path === "/auth/claim")).toBe(false);
  server.wellKnownAuth = 1;
});

test("claim stores the bearer for the host in auth.toml (0600); status reports it", async () => {
  expect(await client.call("settings.auth.status", { url: base })).toEqual({ linked: false });
  const bad = await client.request("settings.auth.claim", { claimUrl: `${base}/auth/claim`, token: "wrong" });
  expect(bad.error?.code).toBe(1004);
  expect(bad.error?.message).not.toContain("claim-secret");
  const result = await client.call("settings.auth.claim", { claimUrl: `${base}/auth/claim`, token: "claim-secret" });
  expect(AuthClaimResult(result)).toEqual({ domains: [base] });
  const claim = server.seen.findLast((s) => s.path === "/auth/claim")!;
  expect(claim.headers["zaparoo-device-hint"]).toBe(svc.app.config.current.service.device_id);
  const authPath = join(svc.dataDir, "auth.toml");
  expect(statSync(authPath).mode & 0o777).toBe(0o600);
  expect(readFileSync(authPath, "utf8")).toContain("bearer-secret");
  expect(await client.call("settings.auth.status", { url: `${base}/anything` })).toEqual({ linked: true });
  expect(await client.call("settings.auth.status", { url: "https://example.com" })).toEqual({ linked: false });
  const status = BackupStatus.assert(await client.call("settings.backup.status"));
  expect(status.remote).toMatchObject({ linked: true, enabled: false, lastStatus: "never" });
  expect(status.remote.linkedAt).toBeString();
});

test("settings.backup.remote.run commits a snapshot without credentials, with the stored bearer", async () => {
  await client.call("settings.update", { backupRemoteEnabled: true, backupRemoteSchedule: "weekly" });
  const result = RemoteRunResult.assert(await client.call("settings.backup.remote.run"));
  expect(result.backup.id).toBe("snap-1");
  const packs = server.requests("PUT", "/v1/device/backup-packs/");
  expect(packs.length).toBeGreaterThan(0);
  for (const p of packs) expect(p.headers.authorization).toBe("Bearer bearer-secret");
  expect(result.uploadedBytes).toBe(packs.reduce((n, p) => n + p.body.length, 0));
  const paths = server.snapshots[0]?.manifest.categories.zaparoo?.map((e) => e.path);
  expect(paths).toContain("user.db");
  expect(paths).not.toContain("auth.toml");
  const status = BackupStatus.assert(await client.call("settings.backup.status"));
  expect(status.remote).toMatchObject({ enabled: true, schedule: "weekly", lastStatus: "success", lastBackupSize: result.backup.sizeBytes });
});

test("unlink revokes the device and removes the credentials; no secret reached the log", async () => {
  const r = await client.call("settings.auth.unlink");
  expect(r).toEqual({ domains: [base] });
  const revoke = server.seen.findLast((s) => s.method === "DELETE")!;
  expect(revoke.headers.authorization).toBe("Bearer bearer-secret");
  expect(await client.call("settings.auth.status", { url: base })).toEqual({ linked: false });
  expect(readFileSync(join(svc.dataDir, "auth.toml"), "utf8")).not.toContain("bearer-secret");
  expect((await client.request("settings.backup.remote.run")).error?.code).toBe(1003);
  const logText = readFileSync(join(svc.dataDir, "service.log"), "utf8");
  expect(logText).not.toContain("bearer-secret");
  expect(logText).not.toContain("claim-secret");
});

test("a plain-http claim URL to a public name is refused", async () => {
  const r = await client.request("settings.auth.claim", { claimUrl: "http://example.com/claim", token: "t" });
  expect(r.error?.code).toBe(-32602);
  expect(type("string")(r.error?.message)).toContain("https");
});
