/**
 * The reverse device link (`settings.auth.link`, `.status`, `.cancel`, `auth.link.status`; issue 44) against a
 * loopback stand-in of the account service (test/fixtures/backup-server.ts, which is also the backup server): the
 * device code, polling, the user's approval, expiry and cancel; then a remote backup with the stored credential.
 * Who may: the device itself; a paired member client and an anonymous host come from a second host (a network
 * namespace) and are refused (the anonymous one sees the redacted status only).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AuthLinkStatus, RemoteRunResult } from "../../src/core/wire/index.ts";
import { BackupServer } from "../fixtures/backup-server.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

const CLIENT_SCRIPT = join(import.meta.dir, "..", "fixtures", "secure", "remote-client.ts");
type Reply = { result?: unknown; error?: { code: number; message: string } };

let server: BackupServer;
let base: string;
let svc: TestService;
let ns: NetNamespace;
let client: RpcClient;
let member: { id: string; secret: string };

const mark = () => client.notifications.length;
const linkNotes = (from: number) => client.notifications.slice(from).filter((n) => n.method === "auth.link.status").map((n) => AuthLinkStatus.assert(n.params));
const noted = (from: number, status: string) => waitFor(() => linkNotes(from).find((n) => n.status === status), `auth.link.status ${status}`);

beforeAll(async () => {
  server = await new BackupServer().start();
  base = server.base;
  ns = createNetNamespace();
  svc = await startService({
    host: "0.0.0.0",
    configToml: `[service]\nallow_api = ["${ns.nsAddress}"]\n[zapscript]\nallow_http = ["127.0.0.1"]\n[backup.remote]\nbase_url = "${base}"\nlink_url = "${base}"\n`,
  });
  client = await svc.connect();
  member = await client.call("clients.new", { name: "guest phone" });
  const db = new Database(join(svc.dataDir, "user.db"));
  db.run("UPDATE clients SET role = 'member' WHERE id = ?", [member.id]);
  db.close();
});
afterAll(async () => {
  ns?.remove();
  await svc?.stop();
  await server?.stop();
});

describe("settings.auth.link", () => {
  test("before any flow the status is none; cancel has nothing to cancel", async () => {
    expect(await client.call("settings.auth.link.status")).toEqual({ status: "none" });
    const r = await client.request("settings.auth.link.cancel");
    expect(r.error?.code).toBe(1001);
    expect(r.error?.message).toContain("no active link request");
  });

  test("starts a link request: the user code and URLs to show; the notification carries neither; a second start is refused while it is pending; cancel ends it", async () => {
    const from = mark();
    const started = AuthLinkStatus.assert(await client.call("settings.auth.link"));
    expect(started).toMatchObject({ status: "pending", userCode: "ABCD-1001", verificationUrl: `${base}/link`, verificationUrlComplete: `${base}/link?code=ABCD-1001` });
    expect(Date.parse(started.expiresAt!)).toBeGreaterThan(Date.now());
    const create = server.seen.findLast((s) => s.path === "/v1/device-link-requests")!;
    expect(create.headers["zaparoo-platform"]).toBeString();
    expect(create.headers["zaparoo-device-hint"]).toBe(svc.app.config.current.service.device_id);
    expect(await noted(from, "pending")).toEqual({ status: "pending", expiresAt: started.expiresAt });
    expect(await client.call("settings.auth.link.status")).toEqual(started);
    const again = await client.request("settings.auth.link");
    expect(again.error?.code).toBe(1002);
    expect(again.error?.message).toContain("already pending");
    // it polls the account service with the device code
    await waitFor(() => (server.linkRequests.get("device-code-secret-1")?.polls ?? 0) >= 1, "a poll");
    const poll = server.seen.findLast((s) => s.path === "/v1/device-link-requests/poll")!;
    expect(JSON.parse(poll.body.toString())).toEqual({ device_code: "device-code-secret-1" });
    expect(await client.call("settings.auth.link.cancel")).toEqual({ status: "cancelled", expiresAt: started.expiresAt });
    expect(await noted(from, "cancelled")).toEqual({ status: "cancelled", expiresAt: started.expiresAt });
    expect(await client.call("settings.auth.link.status")).toEqual({ status: "cancelled", expiresAt: started.expiresAt });
    const polls = server.linkRequests.get("device-code-secret-1")!.polls;
    await Bun.sleep(1500); // more than one poll interval: a cancelled flow polls no more
    expect(server.linkRequests.get("device-code-secret-1")!.polls).toBe(polls);
    expect((await client.request("settings.auth.link.cancel")).error?.code).toBe(1001);
  });

  test("a request nobody approves in time fails as expired", async () => {
    server.linkTtlSeconds = 1;
    const from = mark();
    await client.call("settings.auth.link");
    const failed = await noted(from, "failed");
    expect(failed.error).toBe("link request expired, start over to link this device");
    expect(await client.call("settings.auth.link.status")).toMatchObject({ status: "failed", error: failed.error });
    expect(await client.call("settings.auth.status", { url: base })).toEqual({ linked: false });
    server.linkTtlSeconds = 600;
  });

  test("approved in the account (after a failed poll, which is retried): the claim is redeemed, the credential stored, and a remote backup uses it", async () => {
    const from = mark();
    server.failNext.set("POST /v1/device-link-requests/poll", { status: 503, body: { echo: "device-code-secret" } });
    const started = AuthLinkStatus.assert(await client.call("settings.auth.link", { url: base }));
    await waitFor(() => linkNotes(from).length > 0 && [...server.linkRequests.values()].some((r) => r.userCode === started.userCode && r.polls >= 1), "a pending poll");
    expect(server.failNext.size).toBe(0); // the failed poll came first
    expect(server.approveLink(started.userCode!)).toBe(true);
    expect(await noted(from, "approved")).toEqual({ status: "approved", expiresAt: started.expiresAt });
    expect(await client.call("settings.auth.link.status")).toEqual({ status: "approved", expiresAt: started.expiresAt });
    expect(readFileSync(join(svc.dataDir, "auth.toml"), "utf8")).toContain("bearer-secret");
    expect(await client.call("settings.auth.status", { url: base })).toEqual({ linked: true });
    await client.call("settings.update", { backupRemoteEnabled: true });
    const run = RemoteRunResult.assert(await client.call("settings.backup.remote.run"));
    expect(run.backup.id).toBe("snap-1");
    const packs = server.requests("PUT", "/v1/device/backup-packs/");
    expect(packs.length).toBeGreaterThan(0);
    for (const p of packs) expect(p.headers.authorization).toBe("Bearer bearer-secret");
  });

  test("a URL that is not the account service's kind is refused before anything is sent", async () => {
    const r = await client.request("settings.auth.link", { url: "http://example.com" });
    expect(r.error?.code).toBe(-32602);
    expect(r.error?.message).toContain("https");
  });

  test("no secret reached a reply or the log", async () => {
    const log = readFileSync(join(svc.dataDir, "service.log"), "utf8");
    for (const secret of ["device-code-secret", "claim-secret", "bearer-secret"]) expect(log).not.toContain(secret);
    const replies = JSON.stringify(client.notifications);
    for (const secret of ["device-code-secret", "claim-secret", "bearer-secret", "ABCD-"]) expect(replies).not.toContain(secret);
  });
});

describe("who may link", () => {
  test("a paired member client from another host is refused every link method", async () => {
    const url = `ws://${ns.hostAddress}:${svc.port}/api/v0.1`;
    const plan = { scenario: "calls", url, clientId: member.id, secret: member.secret, calls: [{ method: "settings.auth.link" }, { method: "settings.auth.link.status" }, { method: "settings.auth.link.cancel" }] };
    const out = await ns.run([process.execPath, CLIENT_SCRIPT], { env: { PLAN: JSON.stringify(plan) } });
    expect(out.code).toBe(0);
    const replies = JSON.parse(out.stdout.trim().split("\n").pop()!) as Reply[];
    expect(replies.map((r) => r.error?.code)).toEqual([-32003, -32003, -32003]);
    expect(replies[0]?.error?.message).toContain("admin");
  });

  test("an anonymous allow_api host may not start or cancel a link, and sees the status without code or URLs", async () => {
    const from = mark();
    const started = AuthLinkStatus.assert(await client.call("settings.auth.link"));
    await noted(from, "pending");
    const calls = ["settings.auth.link", "settings.auth.link.cancel", "settings.auth.link.status"].map((method, id) => ({ jsonrpc: "2.0", id, method }));
    const script = `const out = []; for (const c of ${JSON.stringify(calls)}) { const r = await fetch(${JSON.stringify(`http://${ns.hostAddress}:${svc.port}/api`)}, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(c) }); out.push(await r.json()); } process.stdout.write(JSON.stringify(out));`;
    const out = await ns.run([process.execPath, "-e", script]);
    const [link, cancel, status] = JSON.parse(out.stdout) as Reply[];
    expect(link?.error?.code).toBe(-32003);
    expect(cancel?.error?.code).toBe(-32003);
    expect(status?.result).toEqual({ status: "pending", expiresAt: started.expiresAt });
    expect(await client.call("settings.auth.link.cancel")).toMatchObject({ status: "cancelled" });
  });
});
