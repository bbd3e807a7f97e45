/**
 * Settings that name files, devices or programs (issue 20, item 2), through the API as real peers make them:
 * the device itself (loopback), a paired admin client and a member client over the secure layer from a second
 * host (network namespace), an anonymous `allow_api` host over HTTP and an anonymous wss peer. Whoever may
 * not change them gets -32003 and the config file stays byte-identical; whoever may still cannot point a
 * `file:` reader outside the token folder.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../fixtures/launch-env.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

const CLIENT_SCRIPT = join(import.meta.dir, "..", "fixtures", "secure", "remote-client.ts");

let svc: TestService;
let ns: NetNamespace;
let local: RpcClient;
let admin: { id: string; secret: string };
let member: { id: string; secret: string };
let tokens: string;

type Reply = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

async function remote(plan: Record<string, unknown>): Promise<Reply[] | Record<string, unknown>> {
  const r = await ns.run([process.execPath, CLIENT_SCRIPT], { env: { PLAN: JSON.stringify(plan) } });
  if (r.code !== 0) throw new Error(`remote client failed (${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}

const sealed = (c: { id: string; secret: string }, calls: Array<{ method: string; params?: unknown }>) =>
  remote({ scenario: "calls", url: `ws://${ns.hostAddress}:${svc.port}/api/v0.1`, clientId: c.id, secret: c.secret, calls }) as Promise<Reply[]>;

const configText = () => readFileSync(join(svc.dataDir, "config.toml"), "utf8");

beforeAll(async () => {
  ns = createNetNamespace();
  svc = await startService({
    host: "0.0.0.0",
    configToml: `[service]\nallow_api = ["${ns.nsAddress}"]\nallow_launch = ["${ns.nsAddress}"]\n[zapscript]\nallow_execute = ["/usr/bin/true"]\n`,
  });
  tokens = join(svc.dataDir, "tokens");
  local = await svc.connect();
  admin = await local.call("clients.new", { name: "owner's phone" });
  member = await local.call("clients.new", { name: "guest phone" });
  // member profiles (issue 21) will set this; until then the user database is where a role lives
  const db = new Database(join(svc.dataDir, "user.db"));
  db.run("UPDATE clients SET role = 'member' WHERE id = ?", [member.id]);
  db.close();
});
afterAll(async () => {
  ns?.remove();
  await svc?.stop();
});

describe("clients.current (the app asks on every connect)", () => {
  test("the device itself is not a paired client but may manage everything; paired clients get their role", async () => {
    expect(await local.call("clients.current")).toEqual({ paired: false, role: null, capabilities: ["profiles.manage", "settings.write"] });
    const [a] = await sealed(admin, [{ method: "clients.current" }]);
    expect(a?.result).toEqual({ paired: true, role: "admin", capabilities: ["profiles.manage", "settings.write"] });
    const [m] = await sealed(member, [{ method: "clients.current" }]);
    expect(m?.result).toEqual({ paired: true, role: "member", capabilities: [] });
  });

  test("a member client may not manage profiles; an admin client may", async () => {
    const [m] = await sealed(member, [{ method: "profiles.new", params: { name: "Kid" } }]);
    expect(m?.error?.code).toBe(-32003);
    const [a] = await sealed(admin, [{ method: "profiles.new", params: { name: "Parent", role: "admin", pin: "2468" } }]);
    expect(a?.result).toMatchObject({ name: "Parent", role: "admin", hasPin: true });
  });
});

describe("who may change settings that name files, devices or programs", () => {
  test("a member client gets -32003 naming the refused keys, and nothing of the update is applied", async () => {
    const before = configText();
    const settingsBefore = await local.call("settings");
    const [r, plain] = await sealed(member, [
      { method: "settings.update", params: { debug: true, readers: ["file:/etc/passwd"], systems: { rootFolders: ["/"] } } },
      { method: "settings.update", params: { readersConnect: [{ driver: "file", path: "/etc/passwd" }] } },
    ]);
    expect(r?.error?.code).toBe(-32003);
    expect(r?.error?.message).toContain("readers, systems");
    expect(r?.error?.message).not.toContain("debug");
    expect(plain?.error?.code).toBe(-32003);
    expect(configText()).toBe(before);
    expect(await local.call("settings")).toEqual(settingsBefore);
  });

  test("a member client may still change plain settings", async () => {
    const [r] = await sealed(member, [{ method: "settings.update", params: { debugLogging: true } }]);
    expect(r).toMatchObject({ result: null });
    expect(await local.call("settings")).toMatchObject({ debug: true });
  });

  test("an anonymous allow_api host (POST /api) gets -32003 and the file is unchanged", async () => {
    const before = configText();
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "settings.update", params: { reader: ["file:/etc/passwd"] } });
    const script = `const r = await fetch(${JSON.stringify(`http://${ns.hostAddress}:${svc.port}/api`)}, { method: "POST", headers: { "content-type": "application/json" }, body: ${JSON.stringify(body)} }); process.stdout.write(await r.text());`;
    const out = await ns.run([process.execPath, "-e", script]);
    expect(JSON.parse(out.stdout).error.code).toBe(-32003);
    expect(configText()).toBe(before);
  });

  test("the device itself and an admin client may point a file: reader inside <data>/tokens", async () => {
    const path = join(tokens, "tag.txt");
    expect(await local.call("settings.update", { readers: [`file:${path}`] })).toBeNull();
    expect(await local.call("settings")).toMatchObject({ reader: [`file:${path}`] });
    const other = join(tokens, "other.txt");
    const [r] = await sealed(admin, [{ method: "settings.update", params: { readersConnect: [{ driver: "file", path: other }] } }]);
    expect(r).toMatchObject({ result: null });
    expect(await local.call("settings")).toMatchObject({ reader: [`file:${other}`] });
    expect(configText()).toContain(other);
  });
});

describe("even the device itself cannot point a reader outside what its key allows", () => {
  test.each([
    ["/etc/passwd", "outside the folder"],
    ["..", "via .."],
    ["link", "via a symlink"],
    ["dir-link", "via a symlinked folder"],
  ])("file:%s (%s) is refused with -32602 and the reason; nothing changes", async (kind) => {
    mkdirSync(tokens, { recursive: true });
    const secret = join(svc.dataDir, "auth.toml");
    writeFileSync(secret, "[mqtt]\npassword = 'secret'\n");
    const path =
      kind === "/etc/passwd" ? "/etc/passwd"
      : kind === ".." ? `${tokens}/../auth.toml`
      : kind === "link" ? join(tokens, "secret-link.txt")
      : join(tokens, "up", "auth.toml");
    if (kind === "link") symlinkSync(secret, path);
    if (kind === "dir-link") symlinkSync(svc.dataDir, join(tokens, "up"));
    const before = configText();
    const r = await local.request("settings.update", { debug: false, readers: [`file:${path}`] });
    expect(r.error?.code).toBe(-32602);
    expect(r.error?.message).toContain("readers.connect[0]");
    expect(r.error?.message).toMatch(kind === ".." ? /'\.\.'/ : /must be inside/);
    expect(configText()).toBe(before);
    rmSync(kind === "dir-link" ? join(tokens, "up") : path, { force: true });
  });

  test("serial and disc readers must name a device under /dev; root folders must exist", async () => {
    const notDevice = join(svc.dataDir, "config.toml");
    for (const [params, reason] of [
      [{ readers: [`pn532:${notDevice}`] }, /device under \/dev/],
      [{ readers: ["simpleserial:/dev/no-such-tty"] }, /does not exist/],
      [{ readers: [`opticaldrive:/dev/../${notDevice}`] }, /'\.\.'/],
      [{ readers: ["no_such_driver:/x"] }, /unknown reader driver/],
      [{ systems: { rootFolder: [join(svc.dataDir, "no-roms")] } }, /not an existing directory/],
      [{ systems: { rootFolder: [notDevice] } }, /not a directory/],
    ] as const) {
      const r = await local.request("settings.update", params);
      expect({ params, code: r.error?.code, reason: reason.test(r.error?.message ?? "") }).toEqual({ params, code: -32602, reason: true });
    }
    expect(await local.call("settings.update", { readers: ["pn532:/dev/null", "pcsc:"], systems: { rootFolder: [svc.dataDir] } })).toBeNull();
  });
});

// before the wss block: its second service takes over the process-wide log file
describe("execute from another device", () => {
  test("GET /l/ from the LAN may not execute (allow_remote_execute is off); the same script from the device itself may", async () => {
    const history = async () => (await local.call<{ entries: Array<{ text: string; success: boolean }> }>("tokens.history")).entries;
    const before = (await history()).length;
    const script = `const r = await fetch(${JSON.stringify(`http://${ns.hostAddress}:${svc.port}/l/**execute:/usr/bin/true`)}); process.stdout.write(String(r.status));`;
    expect((await ns.run([process.execPath, "-e", script])).stdout).toBe("200");
    expect((await fetch(`${svc.http}/l/**execute:/usr/bin/true`)).status).toBe(200);
    await waitFor(async () => (await history()).length >= before + 2, "both launches in the history");
    const [localRun, remoteRun] = (await history()).slice(0, 2);
    expect(remoteRun).toMatchObject({ text: "**execute:/usr/bin/true", success: false });
    const logged = () => readFileSync(join(svc.dataDir, "service.log"), "utf8").split("\n").find((l) => l.includes("allow_remote_execute is off"));
    expect(await waitFor(logged, "the refusal in the log")).toContain("refused for a script from another device");
    expect(localRun).toMatchObject({ text: "**execute:/usr/bin/true", success: true });
  });
});

describe("an anonymous wss peer", () => {
  let tls: TestService;
  const certDir = tempDir("tapserve-cert-");
  beforeAll(async () => {
    const cert = join(certDir, "cert.pem");
    const key = join(certDir, "key.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=tapserve-test"], { stdio: "ignore" });
    tls = await startService({ host: "0.0.0.0", configToml: `[service]\ntls_cert = "${cert}"\ntls_key = "${key}"\n` });
  });
  afterAll(async () => {
    await tls?.stop();
    rmSync(certDir, { recursive: true, force: true });
  });

  test("gets -32003 for reader connections; the config file is unchanged", async () => {
    const before = readFileSync(join(tls.dataDir, "config.toml"), "utf8");
    const [r, s] = (await remote({ scenario: "plainCalls", url: `wss://${ns.hostAddress}:${tls.port}/`, calls: [{ method: "settings.update", params: { readers: ["file:/etc/passwd"] } }, { method: "settings" }] })) as Reply[];
    expect(r?.error?.code).toBe(-32003);
    expect(s?.result).toMatchObject({ reader: [] });
    expect(readFileSync(join(tls.dataDir, "config.toml"), "utf8")).toBe(before);
  });
});
