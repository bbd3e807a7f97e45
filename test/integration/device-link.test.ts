import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { type } from "arktype";
import { AuthClaimResult, BackupStatus, RemoteRunResult } from "../../src/core/wire/index.ts";
import { readStoredZip } from "../../src/core/zip/stored-zip.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/** Device linking and the remote backup against a loopback stand-in for the backup server. */
interface Seen { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }
const seen: Seen[] = [];
let server: Server;
let base: string;
let svc: TestService;
let client: RpcClient;
let wellKnownAuth = 1;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      const json = (status: number, v: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(v));
      if (req.url === "/.well-known/zaparoo") return json(200, { zapscript: 1, auth: wellKnownAuth });
      if (req.url === "/auth/claim") return JSON.parse(Buffer.concat(chunks).toString()).token === "claim-secret" ? json(200, { bearer: "bearer-secret" }) : json(401, { echo: "claim-secret" });
      if (req.url === "/v1/device/backup-archives") return json(201, { id: "remote-1" });
      if (req.url === "/v1/device/me" && req.method === "DELETE") return res.writeHead(204).end();
      json(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  svc = await startService({ configToml: `[zapscript]\nallow_http = ["127.0.0.1"]\n[backup.remote]\nbase_url = "${base}"\n` });
  client = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
  await new Promise((r) => server.close(r));
});

test("a host whose well-known does not take links is refused before the token is spent", async () => {
  wellKnownAuth = 0;
  const r = await client.request("settings.auth.claim", { claimUrl: `${base}/auth/claim`, token: "claim-secret" });
  expect(r.error?.code).toBe(1004);
  expect(seen.some((s) => s.path === "/auth/claim")).toBe(false);
  wellKnownAuth = 1;
});

test("claim stores the bearer for the host in auth.toml (0600); status reports it", async () => {
  expect(await client.call("settings.auth.status", { url: base })).toEqual({ linked: false });
  const bad = await client.request("settings.auth.claim", { claimUrl: `${base}/auth/claim`, token: "wrong" });
  expect(bad.error?.code).toBe(1004);
  expect(bad.error?.message).not.toContain("claim-secret");
  const result = await client.call("settings.auth.claim", { claimUrl: `${base}/auth/claim`, token: "claim-secret" });
  expect(AuthClaimResult(result)).toEqual({ domains: [base] });
  const claim = seen.findLast((s) => s.path === "/auth/claim")!;
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

test("settings.backup.remote.run uploads an archive without credentials, with the stored bearer", async () => {
  await client.call("settings.update", { backupRemoteEnabled: true, backupRemoteSchedule: "weekly" });
  const result = RemoteRunResult.assert(await client.call("settings.backup.remote.run"));
  expect(result.backup.id).toBe("remote-1");
  const upload = seen.findLast((s) => s.path === "/v1/device/backup-archives")!;
  expect(upload.headers.authorization).toBe("Bearer bearer-secret");
  expect(upload.headers["content-type"]).toBe("application/zip");
  expect(result.uploadedBytes).toBe(upload.body.length);
  const names = readStoredZip(new Uint8Array(upload.body)).map((m) => m.name);
  expect(names).toContain("user.db");
  expect(names).not.toContain("auth.toml");
  const status = BackupStatus.assert(await client.call("settings.backup.status"));
  expect(status.remote).toMatchObject({ enabled: true, schedule: "weekly", lastStatus: "success", lastBackupSize: upload.body.length });
});

test("unlink revokes the device and removes the credentials; no secret reached the log", async () => {
  const r = await client.call("settings.auth.unlink");
  expect(r).toEqual({ domains: [base] });
  const revoke = seen.findLast((s) => s.method === "DELETE")!;
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
